import type { MikroORM } from '@mikro-orm/postgresql';
import type { PageHead } from '../routes.js';
import type { VideoService } from './videos.service.js';

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The public page /video/:id as served: Open Graph and Twitter card tags (title, description, poster) while its
 * sharing is open, so a link previews in messaging apps without JavaScript; nothing at all otherwise (the app then
 * shows 'Page Not Found'). Reading the page for its tags counts no view: the page's own query does.
 */
export const videoPageHeads = ({ orm, videos, publicUrl }: { orm: MikroORM; videos: VideoService; publicUrl: string }): PageHead[] => [
  {
    pattern: /^\/video\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i,
    head: async ([, id]) => {
      const video = await videos.shared(orm.em.fork(), id.toLowerCase());
      if (!video) return null;
      const url = `${publicUrl}/video/${video.id}`;
      const description = (video.description || `Watch “${video.title}”, then book an intro class.`).slice(0, 300);
      const tags: [string, string, string][] = [
        ['property', 'og:type', 'video.other'],
        ['property', 'og:title', video.title],
        ['property', 'og:description', description],
        ['property', 'og:url', url],
        ['name', 'twitter:title', video.title],
        ['name', 'twitter:description', description],
      ];
      if (video.posterKey) {
        const poster = `${publicUrl}/media/videos/${video.id}/poster`;
        tags.push(['property', 'og:image', poster], ['name', 'twitter:card', 'summary_large_image'], ['name', 'twitter:image', poster]);
      } else tags.push(['name', 'twitter:card', 'summary']);
      return tags.map(([attr, name, content]) => `<meta ${attr}="${name}" content="${escape(content)}">`).join('\n    ');
    },
  },
];
