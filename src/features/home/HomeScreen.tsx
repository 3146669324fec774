import { Link } from 'react-router-dom';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

export function HomeScreen() {
  usePageTitle();
  return (
    <section aria-labelledby="home-title" className="card w-full max-w-lg border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body items-center gap-6 px-6 py-10 text-center sm:px-10 sm:py-12">
        <BrandMark size={80} className="size-20" />
        <div>
          <h1 id="home-title" className="text-4xl font-bold tracking-tight">
            CareMesh
          </h1>
          <p className="mt-3 text-base text-base-content/80 sm:text-lg">
            Connecting hospitals, doctors, diagnostics centres, pharmacies and patients across India — even offline.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:flex-row">
          <Link to="/login" className="btn btn-primary sm:flex-1">
            Sign in
          </Link>
          <Link to="/register" className="btn btn-outline btn-primary sm:flex-1">
            Create an account
          </Link>
        </div>
      </div>
    </section>
  );
}
