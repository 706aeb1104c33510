/** How long to wait for a Docker (or Podman) engine to answer before assuming there is none. */
const DOCKER_PROBE_TIMEOUT_MS = 3_000;

let dockerAvailable: Promise<boolean> | undefined;

/**
 * Whether testcontainers finds a working container runtime. Under the project's Jest preset the
 * global setup has asked once for the whole run (TEST_DOCKER=1|0); elsewhere it is asked here,
 * once per process.
 */
export function hasDocker(): Promise<boolean> {
  const decided = process.env['TEST_DOCKER'];
  if (decided === '1' || decided === '0') return Promise.resolve(decided === '1');
  dockerAvailable ??= (async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DOCKER_PROBE_TIMEOUT_MS);
      timer.unref();
    });
    const probe = import('testcontainers')
      .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
      .then(
        () => true,
        () => false,
      );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  })();
  return dockerAvailable;
}
