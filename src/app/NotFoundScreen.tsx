import { Link } from 'react-router-dom';
import { usePageTitle } from '../ui/usePageTitle.ts';

export function NotFoundScreen() {
  usePageTitle('Page not found');
  return (
    <section aria-labelledby="not-found-title" className="flex max-w-md flex-col items-center text-center">
      <h1 id="not-found-title" className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">
        404
      </h1>
      <p className="mt-4 text-lg text-base-content/80">Oops! The page you're looking for doesn't exist.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Go Back Home
      </Link>
    </section>
  );
}
