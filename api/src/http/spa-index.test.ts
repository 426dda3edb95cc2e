import { spaIndex } from './server.js';

describe('the SPA page', () => {
  it("carries the studio's time zone in a meta tag inside <head>", () => {
    const html = spaIndex('<!doctype html><html><head><title>Studio</title></head><body></body></html>', 'America/Los_Angeles');
    expect(html).toContain('<meta name="studio-time-zone" content="America/Los_Angeles">\n  </head>');
  });

  it('cannot be made to inject markup through the setting', () => {
    expect(spaIndex('<head></head>', 'Etc/GMT+5"><script>x</script>')).toContain('content="Etc/GMT+5scriptx/script"');
  });
});
