/**
 * The island runtime: how a server-rendered page becomes interactive without React. An island is
 * an element the server marks with `data-island="<name>"` (islandMarker() in app/island-marker.ts) and a
 * small browser module, `<name>.island.ts` in its feature, whose `mount(element, context)` attaches
 * behaviour to the markup already there. The registry (client/page-enhancements.ts) maps each name
 * to a dynamic import, so every island is its own chunk, fetched only when its marker is on the page.
 *
 * mountIslands() runs after the first load and after every page shown by client-side navigation,
 * on the same kind of DOM (server HTML, or React's identical markup): one way for both cases.
 */
import { ISLAND_ATTRIBUTE, type IslandContext } from '../app/island-marker';

/**
 * A `<name>.island.ts` module. `mount` is called for each marked element every time a page is
 * shown, also again for an element React kept across a navigation: it must attach its listeners
 * once per element (or once per document for delegated ones) and may re-sync what it shows.
 */
export interface IslandModule {
  mount(element: HTMLElement, context: IslandContext): void;
}

export type IslandLoader = () => Promise<IslandModule>;
export type IslandRegistry = Readonly<Record<string, IslandLoader>>;

/** Where to report what went wrong (the console in the browser; a spy in tests). */
export interface IslandLog {
  warn(message: string, error?: unknown): void;
}

/** Loaded island modules by name: a page shown later mounts them in the same task it appears. */
const loaded = new Map<string, IslandModule>();
const loading = new Map<string, Promise<IslandModule | null>>();

/** Loads one island's module once (a failed download is retried on the next page shown). */
export function loadIsland(
  registry: IslandRegistry,
  name: string,
  log: IslandLog = console,
): Promise<IslandModule | null> {
  const ready = loaded.get(name);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(name);
  if (!pending) {
    const load = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
    if (!load) {
      log.warn(`Nieznana wyspa "${name}" na stronie (brak jej w rejestrze)`);
      return Promise.resolve(null);
    }
    pending = load().then(
      (module) => {
        loaded.set(name, module);
        loading.delete(name);
        return module;
      },
      (error: unknown) => {
        // The page keeps working as server HTML (links, plain form posts); nothing to tell the visitor.
        log.warn(`Nie udało się wczytać skryptu "${name}"`, error);
        loading.delete(name);
        return null;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}

function mountOne(
  module: IslandModule,
  name: string,
  element: HTMLElement,
  context: IslandContext,
  log: IslandLog,
): void {
  try {
    module.mount(element, context);
  } catch (error) {
    log.warn(`Skrypt "${name}" nie zadziałał na tej stronie`, error);
  }
}

/**
 * Mounts every island marked under `root`. Islands whose module is already loaded mount
 * synchronously; the others when their chunk arrives. Never rejects: a broken island leaves the
 * rest of the page, and the server HTML it enhances, working.
 */
export async function mountIslands(
  registry: IslandRegistry,
  context: IslandContext,
  root: ParentNode = document,
  log: IslandLog = console,
): Promise<void> {
  const byName = new Map<string, HTMLElement[]>();
  for (const element of root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    const elements = byName.get(name);
    if (elements) elements.push(element);
    else byName.set(name, [element]);
  }
  const waiting: Promise<void>[] = [];
  for (const [name, elements] of byName) {
    const ready = loaded.get(name);
    if (ready) {
      for (const element of elements) mountOne(ready, name, element, context, log);
      continue;
    }
    waiting.push(
      loadIsland(registry, name, log).then((module) => {
        if (module) for (const element of elements) mountOne(module, name, element, context, log);
      }),
    );
  }
  await Promise.all(waiting);
}

/**
 * Loads every registered island (used when client-side navigation first needs React: the few
 * KiB of islands come with it, so a page rendered in place is interactive as it appears).
 */
export async function preloadIslands(registry: IslandRegistry, log: IslandLog = console): Promise<void> {
  await Promise.all(Object.keys(registry).map((name) => loadIsland(registry, name, log)));
}

/** Forgets loaded modules (tests only). */
export function resetIslandsForTests(): void {
  loaded.clear();
  loading.clear();
}
