import type { Plugin } from 'vite';

type Options = {
  /** The signed-in area's module: every signed-in screen loads it and what it imports. */
  area: RegExp;
  /** The screens shown before sign-in (the login route among them): their code must stay out. */
  publicScreens: RegExp;
};

/**
 * One chunk for the signed-in area. Left to the bundler, what the area imports (the layout, the
 * query cache, the offline engine, the realtime client, the API calls its parts share with the
 * screens) is cut into some forty small chunks by which screens share which module, and the first
 * signed-in screen waits for all of them: on a phone's 150 ms round trips, over HTTP/1.1's six
 * connections, that is several round trips before the screen's own code even starts.
 *
 * Every signed-in screen loads the whole area anyway, so its modules lose nothing by travelling
 * together. What the main entry or a public screen also imports is left out, so the login route
 * downloads exactly what it did.
 *
 * `chunkGroup.test` reads the members found here once every module is parsed (buildEnd comes before
 * chunking). A module outside the group that a member imports is, by construction, in the main or a
 * public graph, which imports nothing of the area's: the group needs no dependencies pulled in.
 */
export function signedInChunk({ area, publicScreens }: Options) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'caremesh-signed-in-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const staticClosure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const areaIds = ids.filter((id) => area.test(id));
      if (areaIds.length === 0) return;
      const outside = staticClosure(ids.filter((id) => this.getModuleInfo(id)?.isEntry || publicScreens.test(id)));
      for (const id of staticClosure(areaIds)) if (!outside.has(id)) members.add(id);
    },
  };
  const chunkGroup = {
    name: 'signed-in',
    test: (id: string) => members.has(id),
    includeDependenciesRecursively: false,
  };
  return { plugin, chunkGroup };
}
