import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import type { EvidenceClips } from './evidence-clips.js';
import type { Video } from './video.entity.js';

export function videoLoaders({ em, services }: LoaderRequest & { services: { videos: { evidence: EvidenceClips } } }) {
  return {
    /** The uploaded evidence clip of each sign-off request (null: none yet). */
    evidenceClip: new DataLoader<string, Video | null>(async (requestIds) => {
      const clips = await services.videos.evidence.ofRequests(em(), requestIds);
      return requestIds.map((id) => clips.get(id) ?? null);
    }),
  };
}
