/** Process-wide shutdown state: once stopping, lost database connections are expected and not logged as errors. */
export const lifecycle = { stopping: false };
