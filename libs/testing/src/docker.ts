/** How long to wait for a Docker (or Podman) engine to answer before assuming there is none. */
const DOCKER_PROBE_TIMEOUT_MS = 3_000;

let dockerAvailable: Promise<boolean> | undefined;

/** Whether testcontainers finds a working container runtime; asked once per test file. */
export function hasDocker(): Promise<boolean> {
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
