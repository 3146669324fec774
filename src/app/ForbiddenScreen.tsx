import { ButtonLink } from '../ui/Button.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';

export function ForbiddenScreen() {
  usePageTitle('Not authorised');
  return (
    <section aria-labelledby="forbidden-title" className="flex max-w-md flex-col items-center text-center">
      <h1 id="forbidden-title" className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">
        403
      </h1>
      <p className="mt-4 text-lg text-base-content/80">You are not authorised to open this page.</p>
      <p className="mt-1 text-sm text-base-content/70">
        It belongs to another kind of account. If you think you should have access, ask your administrator.
      </p>
      <ButtonLink to="/" className="mt-8">
        Go Back Home
      </ButtonLink>
    </section>
  );
}
