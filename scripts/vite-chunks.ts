import type { Plugin } from 'vite';

type Options = {
  /** The route tables: the modules that name the screens' chunks. */
  routes: RegExp;
  /** The signed-in area's module: every signed-in screen loads it and what it imports. */
  area: RegExp;
  /** The screens shown before sign-in (the login route among them): their code must stay out of the area. */
  publicScreens: RegExp;
  /** The sign-in screen: what it is built of travels with the shell. */
  signIn: RegExp;
};

/**
 * The chunks every start runs almost all of: the main entry, `vendor` and `shell` on every page, the
 * signed-in area and `forms` on every signed-in one.
 */
const STARTUP_CHUNKS = new Set(['vendor', 'shell', 'forms', 'signed-in']);

/**
 * Chrome's explicit compile hint (Chrome 136+; other browsers ignore the comment): V8 compiles every
 * function of a file marked so on the thread that streams the download, instead of compiling each
 * one lazily on the main thread the first time it runs. Only for the start-up chunks, whose functions
 * do run at start; after minification, so that the minifier cannot drop the comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * How the app is cut into chunks, beyond the bundler's own cut by which screens share which module.
 *
 * **Releases that download only what changed.** A chunk's file name is a hash of its content and of
 * the names of every chunk it imports. The main entry holds the route table, which names every
 * screen's chunk, so any change to any screen renames the entry; and when the entry also holds what
 * every screen imports (React, the router, the API client), every chunk imports the entry and is
 * renamed with it. One string changed in one screen then renamed 152 of 174 files, and a field user
 * downloaded almost the whole app again at each release. So what the entry imports goes into two
 * chunks of its own that no route table reaches: `vendor` (the packages, renamed only when they are
 * upgraded) and `shell` (the app's own start-up code). The entry keeps only what leads to the route
 * table, and nothing but the page imports it.
 *
 * **One chunk for the signed-in area.** Left to the bundler, what the area imports (the layout, the
 * query cache, the offline engine, the realtime client, the API calls its parts share with the
 * screens) is cut into some forty small chunks by which screens share which module, and the first
 * signed-in screen waits for all of them: on a phone's 150 ms round trips, over HTTP/1.1's six
 * connections, that is several round trips before the screen's own code even starts. Every signed-in
 * screen loads the whole area anyway, so its modules lose nothing by travelling together. What the
 * main entry or a public screen also imports is left out, so the login route downloads exactly what
 * it did.
 *
 * **The parts most screens share travel with the area.** What a quarter or more of the signed-in
 * screens import (the load states, offline marks, the list table, pagination, the common schemas)
 * joins the area's chunk: left alone, each is a chunk of its own of 1–3 KB, and the first screen
 * waited for some thirty of them, six at a time, a phone's round trip each.
 *
 * **What the public screens share with the signed-in side** is two chunks instead of a dozen: what
 * the sign-in screen is built of (the button, the field, the brand mark) joins the shell, which the
 * sign-in route downloads anyway and now in its first round; the rest (zod, the enumerations, the
 * forms' schemas, which registration and every signed-in screen use) is `forms`.
 *
 * The groups' tests read the members found here once every module is parsed (buildEnd comes before
 * chunking). A module outside a group that a member imports is, by construction, in a graph the
 * member's chunk may import: the groups need no dependencies pulled in.
 */
/** A module most signed-in screens import travels with the signed-in area: imported by this share of them. */
const COMMON_SHARE = 0.25;

export function appChunks({ routes, area, publicScreens, signIn }: Options) {
  const vendor = new Set<string>();
  const shell = new Set<string>();
  const signedIn = new Set<string>();
  const forms = new Set<string>();
  const plugin: Plugin = {
    name: 'caremesh-app-chunks',
    apply: 'build',
    buildEnd() {
      for (const set of [vendor, shell, signedIn, forms]) set.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (roots: string[], next: (id: string) => readonly string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...next(id));
        }
        return seen;
      };
      const staticClosure = (roots: string[]) => closure(roots, (id) => info(id)?.importedIds ?? []);
      const entries = ids.filter((id) => info(id)?.isEntry);

      // Whatever reaches the route table, statically or through a dynamic import, stays in the entry.
      const reachesRoutes = closure(
        ids.filter((id) => routes.test(id)),
        (id) => [...(info(id)?.importers ?? []), ...(info(id)?.dynamicImporters ?? [])],
      );
      for (const id of staticClosure(entries)) {
        if (reachesRoutes.has(id)) continue;
        (/[\\/]node_modules[\\/]/.test(id) ? vendor : shell).add(id);
      }

      const areaIds = ids.filter((id) => area.test(id));
      if (areaIds.length === 0) return;
      const publicIds = ids.filter((id) => publicScreens.test(id));
      const entryGraph = staticClosure(entries);
      const outside = staticClosure([...entries, ...publicIds]);
      for (const id of staticClosure(areaIds)) if (!outside.has(id)) signedIn.add(id);

      // The screens: what the route tables import on demand.
      const screens = ids.filter((id) => (info(id)?.dynamicImporters ?? []).some((by) => routes.test(by)));
      const isScreen = new Set(screens);
      const signedInScreens = screens.filter((id) => !outside.has(id) && !areaIds.includes(id));
      const reach = new Map<string, number>();
      for (const screen of signedInScreens) {
        for (const id of staticClosure([screen])) {
          if (outside.has(id) || signedIn.has(id) || isScreen.has(id)) continue;
          reach.set(id, (reach.get(id) ?? 0) + 1);
        }
      }
      for (const [id, count] of reach) if (count >= COMMON_SHARE * signedInScreens.length) signedIn.add(id);

      // What the public screens share with the signed-in side: the sign-in screen's parts join the
      // shell, the rest (the forms' schemas and validation) one chunk of its own.
      const signInGraph = staticClosure(ids.filter((id) => signIn.test(id)));
      const signedInGraph = staticClosure([...areaIds, ...signedInScreens]);
      for (const id of staticClosure(publicIds)) {
        if (entryGraph.has(id) || isScreen.has(id) || reachesRoutes.has(id)) continue;
        if (signInGraph.has(id)) (/[\\/]node_modules[\\/]/.test(id) ? vendor : shell).add(id);
        else if (signedInGraph.has(id)) forms.add(id);
      }
    },
  };
  const group = (name: string, members: Set<string>) => ({
    name,
    test: (id: string) => members.has(id),
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    chunkGroups: [group('vendor', vendor), group('shell', shell), group('forms', forms), group('signed-in', signedIn)],
    /** `output.postBanner`: the compile hint on the start-up chunks. */
    postBanner: (chunk: { name: string; isEntry: boolean }) =>
      chunk.isEntry || STARTUP_CHUNKS.has(chunk.name) ? COMPILE_HINT : '',
  };
}
