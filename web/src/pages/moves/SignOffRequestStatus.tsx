import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EVIDENCE_CLIP_MAX_BYTES } from '@studio/rules';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { VideoUpload } from '../../components/VideoUpload';
import { StartEvidenceClipDocument, type EvidenceClipViewFragment, type SignOffRequestViewFragment } from './moves.generated';

/** Makes a clip ready for its file; the request it returns (with its clip) lands in the cache by its id. */
export function useStartEvidenceClip() {
  const [mutate, state] = useMutation(StartEvidenceClipDocument);
  const start = async (requestId: string) => (await mutate({ variables: { requestId } })).data!.startEvidenceClip;
  return [start, state] as const;
}

/** An evidence clip: the player once it may play, else where its file stands. */
export function EvidenceClipPlayer({ clip, label }: { clip: EvidenceClipViewFragment; label: string }) {
  if (clip.playbackUrl)
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        playsInline
        src={clip.playbackUrl}
        poster={clip.posterUrl ?? undefined}
        aria-label={label}
        sx={{ display: 'block', width: '100%', maxWidth: 360, maxHeight: 240, borderRadius: 1, bgcolor: 'common.black' }}
      />
    );
  return (
    <Typography variant="body2" color="text.secondary">
      {clip.processing === 'processing'
        ? `Your clip is being processed${clip.processingProgress ? ` (${clip.processingProgress}%)` : ''}…`
        : 'Clip uploaded.'}
    </Typography>
  );
}

/** Attaching a clip: first the clip is made ready on the server, then its file is chosen and uploaded with tus. */
function AttachClip({ requestId, moveName, onDone }: { requestId: string; moveName: string; onDone: () => void }) {
  const { toast } = useToast();
  const [start, { loading }] = useStartEvidenceClip();
  const [upload, setUpload] = useState<{ videoId: string; maxBytes: number } | null>(null);
  if (!upload)
    return (
      <Button
        size="small"
        variant="outlined"
        disabled={loading}
        sx={{ justifySelf: 'start', minHeight: 40 }}
        onClick={async () => {
          try {
            const { videoId, maxBytes } = await start(requestId);
            setUpload({ videoId, maxBytes });
          } catch (err) {
            toast({ title: errorMessage(err), variant: 'error' });
          }
        }}
      >
        Attach a clip of your attempt
      </Button>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }} aria-label={`Clip of ${moveName}`} role="group">
      <Typography variant="body2" color="text.secondary">
        A short clip (MP4, MOV or WebM, at most {Math.round(EVIDENCE_CLIP_MAX_BYTES / (1024 * 1024))} MB): only you, your parent and the
        instructors see it.
      </Typography>
      <VideoUpload videoId={upload.videoId} maxBytes={upload.maxBytes} chooseLabel="Choose your clip" onDone={onDone} />
      <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => setUpload(null)}>
        Not now
      </Button>
    </Box>
  );
}

/** Where a move's latest sign-off request stands: waiting, approved or not yet (with the instructor's note), and its clip. */
export function SignOffRequestStatus({
  request,
  moveName,
  onClipUploaded,
}: {
  request: SignOffRequestViewFragment;
  moveName: string;
  onClipUploaded: () => void;
}) {
  const open = !request.closedAt;
  return (
    <Box sx={{ flexBasis: '100%', display: 'grid', gap: 1, pl: { sm: 7 } }} data-testid={`sign-off-request-${request.move.id}`}>
      {open && <Chip size="small" color="info" variant="outlined" label="Waiting for your instructor" sx={{ justifySelf: 'start' }} />}
      {request.outcome === 'approved' && <Chip size="small" color="success" label="Sign-off approved" sx={{ justifySelf: 'start' }} />}
      {request.outcome === 'rejected' && (
        <Alert severity="warning" sx={{ py: 0 }}>
          <strong>Not signed off yet.</strong> {request.response}
        </Alert>
      )}
      {request.outcome === 'approved' && request.response && (
        <Typography variant="body2" color="text.secondary">
          “{request.response}”
        </Typography>
      )}
      {request.clip ? (
        <EvidenceClipPlayer clip={request.clip} label={`Your clip of ${moveName}`} />
      ) : (
        open && <AttachClip requestId={request.id} moveName={moveName} onDone={onClipUploaded} />
      )}
    </Box>
  );
}
