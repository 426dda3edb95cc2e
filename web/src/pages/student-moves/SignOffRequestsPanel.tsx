import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { signOffResponse } from '@studio/rules';
import { z } from 'zod';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { EvidenceClipPlayer } from '../moves/SignOffRequestStatus';
import {
  ApproveMoveSignOffDocument,
  OpenSignOffRequestsDocument,
  RejectMoveSignOffDocument,
  type OpenSignOffRequestsQuery,
} from './studentMoves.generated';

type OpenRequest = OpenSignOffRequestsQuery['moveSignOffRequests'][number];

/** The instructor's answer: a note, required when turning a request down (the API checks both again). */
export const signOffAnswerForm = z.object({ note: signOffResponse.transform((s) => s.trim()) });

/** A closed request leaves every open list at once (the class grid's and this one's). */
function dropRequest(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'SignOffRequest', id }) });
  cache.gc();
}

export function useApproveSignOff() {
  const [mutate, state] = useMutation(ApproveMoveSignOffDocument);
  const approve = (requestId: string, note: string) =>
    mutate({ variables: { requestId, note }, update: (cache) => dropRequest(cache, requestId) });
  return [approve, state] as const;
}

export function useRejectSignOff() {
  const [mutate, state] = useMutation(RejectMoveSignOffDocument);
  const reject = (requestId: string, note: string) =>
    mutate({ variables: { requestId, note }, update: (cache) => dropRequest(cache, requestId) });
  return [reject, state] as const;
}

function RequestCard({ request }: { request: OpenRequest }) {
  const { toast } = useToast();
  const { control, handleSubmit, setError } = useZodForm(signOffAnswerForm, { defaultValues: { note: '' } });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [approve, approving] = useApproveSignOff();
  const [reject, rejecting] = useRejectSignOff();
  const busy = approving.loading || rejecting.loading;
  const who = `${request.studentName}: ${request.move.name}`;
  const onApprove = handleSubmit(({ note }) =>
    attempt(async () => {
      await approve(request.id, note);
      toast({ title: `${request.move.name} signed off for ${request.studentName}.`, variant: 'success' });
    }),
  );
  const onReject = handleSubmit(({ note }) => {
    if (!note) {
      setError('note', { type: 'required', message: 'Say what to work on, so the student knows.' });
      return;
    }
    return attempt(async () => {
      await reject(request.id, note);
      toast({ title: `${request.studentName} is told what to work on.`, variant: 'success' });
    });
  });
  return (
    <Card component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} aria-label={who}>
      <Box>
        <Typography sx={{ fontWeight: 'fontWeightBold' }}>{who}</Typography>
        <Typography variant="body2" color="text.secondary">
          Asked {formatTimestampDay(request.createdAt)}
          {request.note ? ` · “${request.note}”` : ''}
        </Typography>
      </Box>
      {request.clip ? (
        <EvidenceClipPlayer clip={request.clip} label={`Clip of ${who}`} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No clip attached.
        </Typography>
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 1, maxWidth: 560 }}>
        <FormTextField
          control={control}
          name="note"
          label="Note to the student"
          helperText="Needed when it is not signed off yet"
          multiline
          minRows={1}
          size="small"
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={busy} onClick={() => void onApprove()} sx={{ minHeight: 40 }}>
            Approve sign-off
          </Button>
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => void onReject()} sx={{ minHeight: 40 }}>
            Not yet
          </Button>
        </Box>
      </Box>
    </Card>
  );
}

/** Open sign-off requests, oldest first: each with its clip playing inline, approved or turned down with a note. */
export function SignOffRequestsPanel() {
  const { data, error } = useQuery(OpenSignOffRequestsDocument, { fetchPolicy: 'cache-and-network' });
  const requests = data?.moveSignOffRequests ?? [];
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!requests.length) return null;
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="sign-off-requests">
      <Typography id="sign-off-requests" component="h2" variant="h6" sx={{ mb: 1 }}>
        Sign-off requests ({requests.length})
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {requests.map((r) => (
          <RequestCard key={r.id} request={r} />
        ))}
      </Box>
    </Box>
  );
}
