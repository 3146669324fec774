import { applyStylesheets } from './stylesheets.ts';

/**
 * The page's stylesheets, applied as the main script starts, before the route table asks for the
 * first screen's code: Vite's preload helper then finds the stylesheet in the page (a link for every
 * medium, or the print-only one the page named and this replaces) and neither adds it a second time
 * nor makes the screen's code wait for it. The app renders once this settles (main.tsx).
 */
export const stylesheetsApplied = applyStylesheets();
