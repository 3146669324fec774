import type { ReactNode } from 'react';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

/** The card every sign-in screen sits in: the mark, a heading, an optional line under it. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="auth-title" className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5 px-5 py-8 sm:px-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <BrandMark size={48} className="size-12" />
          <h1 id="auth-title" className="text-2xl font-bold tracking-tight">
            {title}
          </h1>
          {subtitle && <p className="text-sm text-base-content/80">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
