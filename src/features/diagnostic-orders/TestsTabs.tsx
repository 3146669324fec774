import { NavLink } from 'react-router-dom';
import { buttonClassName } from '../../ui/buttonClassName.ts';

const TABS = [
  { to: '/tests', label: 'Catalogue', end: true },
  { to: '/tests/orders', label: 'Orders', end: false },
  { to: '/tests/today', label: 'My collections today', end: true },
];

/** The Tests area's three parts: what the centre offers, the desk's orders, the collector's round. */
export function TestsTabs() {
  return (
    <nav aria-label="Tests" className="flex flex-wrap gap-2">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) => buttonClassName({ size: 'sm', buttonStyle: isActive ? undefined : 'outline' })}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
