/** Sends the browser to another site (the payment page). An object, so tests can watch where it would go. */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};
