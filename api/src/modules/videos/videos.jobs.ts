import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import { PROCESS_QUEUE, type VideoProcessor } from './video-processing.js';

/** An uploaded video's processing (fast start, H.264/AAC conversion, its poster), one at a time per API process. */
export const videoQueues: QueueDeclaration<{ videos: { processor: VideoProcessor } }>[] = [
  {
    name: PROCESS_QUEUE,
    description: 'Makes an uploaded video fast start or converts it to H.264/AAC MP4 (with ffmpeg), and takes its poster',
    pollingIntervalSeconds: 1,
    run: ({ videos }, job) => videos.processor.run(String(job.data.videoId)),
  },
];
