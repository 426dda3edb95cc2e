import { authModule } from '../auth/index.js';
import { classesModule } from '../classes/index.js';
import { membershipsModule } from '../memberships/index.js';
import { defineModule } from '../module.js';
import { movesModule } from '../moves/index.js';
import { usersModule } from '../users/index.js';
import { EvidenceClips } from './evidence-clips.js';
import { EvidenceClipResolver } from './evidence-clips.resolver.js';
import { videoPageHeads } from './share-page.js';
import { VideoAddresses } from './video-address.js';
import { VideoProcessor } from './video-processing.js';
import { VideoUploads } from './video-uploads.js';
import { videoQueues } from './videos.jobs.js';
import { videoLoaders } from './videos.loaders.js';
import { Video, VideoCollection, VideoCollectionItem, VideoWatch } from './video.entity.js';
import { mergeVideos } from './videos.merge.js';
import { VideoFieldsResolver, VideoResolver } from './videos.resolver.js';
import { videoRestRoutes } from './videos.rest.js';
import { videoHttpRoutes } from './videos.routes.js';
import { VideoService } from './videos.service.js';

/**
 * Videos: the library tied to the moves catalogue (access per video, the prerequisite lock), collections, watch
 * positions, signed playback addresses streamed from the core storage with Range, the public share page, and
 * students' private evidence clips attached to their sign-off requests.
 */
export const videosModule = defineModule({
  name: 'videos',
  uses: [usersModule, authModule, classesModule, membershipsModule, movesModule],
  entities: [Video, VideoCollection, VideoCollectionItem, VideoWatch],
  resolvers: [VideoResolver, VideoFieldsResolver, EvidenceClipResolver],
  service: ({ env, orm, storage, moves, auth, jobs }) => {
    const processor = new VideoProcessor({ orm, storage, jobs, dataDir: env.dataDir, enabled: env.VIDEO_TRANSCODE === '1' });
    const videos = new VideoService(
      moves,
      storage,
      new VideoAddresses(env.VIDEO_URL_SECRET ?? env.jwtSecret, env.VIDEO_URL_TTL_MINUTES * 60),
    );
    return Object.assign(videos, {
      processor,
      evidence: new EvidenceClips(videos),
      uploads: new VideoUploads({ orm, storage, auth, dataDir: env.dataDir, maxBytes: env.VIDEO_MAX_UPLOAD_BYTES, processor }),
    });
  },
  loaders: (request) => videoLoaders(request),
  queues: videoQueues,
  restRoutes: videoRestRoutes,
  pageHeads: ({ orm, env, videos }) => videoPageHeads({ orm, videos, publicUrl: env.publicUrl }),
  httpRoutes: ({ orm, storage, videos }) => videoHttpRoutes({ orm, storage, videos, uploads: videos.uploads }),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeVideos(tx, pair)),
});
