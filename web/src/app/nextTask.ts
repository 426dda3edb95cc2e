/**
 * Resolves in a task of its own, so the browser can paint and handle input between two steps of a long start-up
 * (each step stays a short task: Total Blocking Time counts every task past 50 ms). A message, not a timer: timers
 * are clamped and, in a background tab, held back for up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves once the browser has painted the next frame (a frame callback, then a task after it), or after `fallbackMs`
 * where no frame comes (a tab in the background paints nothing). For work that must not compete with the first paint.
 */
export function afterNextPaint(fallbackMs = 200): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
