import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../ui/Button.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { isMenuItemActive, menuForRole } from './navigation.ts';

/** An honest stand-in for a menu route whose screen is not built yet. */
export function PlaceholderScreen({ title }: { title: string }) {
  usePageTitle(title);
  const { user } = useAuth();
  const { pathname } = useLocation();
  const first = menuForRole(user?.role)[0];
  // No link back to the very page the user is on.
  const backTo = first && !isMenuItemActive(first.to, pathname) ? first : undefined;

  return (
    <section aria-labelledby="placeholder-title" className="flex max-w-xl flex-col items-start gap-4 py-4 sm:py-8">
      <h1 id="placeholder-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      <p className="text-base-content/80">This area is being prepared and is not available yet.</p>
      {backTo && (
        <ButtonLink to={backTo.to} buttonStyle="outline" size="sm">
          Back to {backTo.label}
        </ButtonLink>
      )}
    </section>
  );
}
