import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { videoExtensionOf } from '@studio/rules';
import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { readToken } from '../app/storage';
import { FileButton } from './FileButton';

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'failed';

/**
 * Uploads a video's file with tus: a progress bar, pause and resume, cancel (which removes the partial upload on the
 * server). The client keeps each upload's address by the file's fingerprint, so choosing the same file again after a
 * dropped connection or a page reload carries on where it stopped.
 */
export function VideoUpload({
  videoId,
  onDone,
  maxBytes,
  chooseLabel = 'Choose a video file',
}: {
  videoId: string;
  onDone: () => void;
  /** Refuses a larger file before sending it. */
  maxBytes?: number;
  chooseLabel?: string;
}) {
  const upload = useRef<Upload | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File) => {
    setMessage(null);
    if (!videoExtensionOf(file.name)) {
      setPhase('failed');
      setMessage('Choose an MP4, MOV or WebM file.');
      return;
    }
    if (maxBytes && file.size > maxBytes) {
      setPhase('failed');
      setMessage(`Choose a file of at most ${Math.round(maxBytes / (1024 * 1024))} MB.`);
      return;
    }
    const token = readToken();
    const next = new Upload(file, {
      endpoint: '/api/uploads/videos',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      metadata: { videoId, filename: file.name, filetype: file.type },
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setPercent(total ? Math.round((sent / total) * 100) : 0),
      onSuccess: () => {
        setPhase('done');
        onDone();
      },
      onError: (err) => {
        setPhase('failed');
        const body = (err as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        setMessage(body || 'The upload stopped. Choose the file again to carry on.');
      },
    });
    upload.current = next;
    const previous = await next.findPreviousUploads();
    if (previous[0]) next.resumeFromPreviousUpload(previous[0]);
    setPhase('uploading');
    next.start();
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {(phase === 'idle' || phase === 'failed' || phase === 'done') && (
        <FileButton
          variant="outlined"
          sx={{ justifySelf: 'start', minHeight: 44 }}
          accept="video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm"
          inputTestId="video-file-input"
          onFiles={([file]) => void start(file)}
        >
          {phase === 'done' ? 'Replace the file' : chooseLabel}
        </FileButton>
      )}
      {(phase === 'uploading' || phase === 'paused') && (
        <>
          <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
          <Typography variant="body2">
            {percent}% {phase === 'paused' ? '(paused)' : 'uploaded'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            {phase === 'uploading' ? (
              <Button
                onClick={() => {
                  void upload.current?.abort();
                  setPhase('paused');
                }}
              >
                Pause
              </Button>
            ) : (
              <Button
                onClick={() => {
                  upload.current?.start();
                  setPhase('uploading');
                }}
              >
                Resume
              </Button>
            )}
            <Button
              color="error"
              onClick={() => {
                void upload.current?.abort(true).catch(() => undefined);
                upload.current = null;
                setPhase('idle');
                setPercent(0);
              }}
            >
              Cancel upload
            </Button>
          </Box>
        </>
      )}
      {phase === 'done' && <Typography variant="body2">Uploaded.</Typography>}
      {message && (
        <Typography variant="body2" color="error" role="alert">
          {message}
        </Typography>
      )}
    </Box>
  );
}
