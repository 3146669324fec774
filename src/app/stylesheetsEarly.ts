import { applyStylesheets } from './stylesheets.ts';

/**
 * The page's stylesheets, applied as the main script starts, before the route table asks for the
 * first screen's code: Vite's preload helper then finds the stylesheet in the page and neither adds it
 * a second time nor makes the screen's code wait for it. The app renders once this settles (main.tsx).
 */
export const stylesheetsApplied = applyStylesheets();
