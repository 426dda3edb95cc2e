import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { MAILING_ATTACHMENTS_MAX, MAILING_MERGE_FIELDS, mailingBody, mailingSubject } from '@studio/rules';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../app/errors';
import { FileRefused, putFile } from '../../../app/putFile';
import { useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { MemberPicker, type MemberOption } from '../../../components/MemberPicker';
import { FileButton } from '../../../components/FileButton';
import { roleLabels } from '../../../components/userLabels';
import type { MailingAudienceInput, Role } from '../../../graphql/types';
import { useDebounced } from '../../../components/useDebounced';
import {
  AdminMailingsDocument,
  CreateMailingDocument,
  MailingAudienceCheckDocument,
  MailingChoicesDocument,
  MailingPreviewRenderDocument,
  MailingWhyIncludedDocument,
  SendTestMailingDocument,
} from './email.generated';
import { exclusionLabel } from './mailingLabels';

interface AttachedFile {
  id: string;
  filename: string;
  size: number;
}

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const ROLES: Role[] = ['student', 'parent', 'instructor', 'teacher', 'admin'];

const mailingForm = z
  .object({ subject: mailingSubject, body: mailingBody, sendLater: z.boolean(), sendAt: z.string() })
  .superRefine((v, ctx) => {
    if (v.sendLater && !(new Date(v.sendAt).getTime() > Date.now()))
      ctx.addIssue({ code: 'custom', path: ['sendAt'], message: 'Choose a time ahead.' });
  });

/** The Compose tab: who receives it (with the count, who is left out and why), the message, a preview and a test. */
export function ComposeMailing({ onSent }: { onSent: () => void }) {
  const { toast } = useToast();
  const today = useMemo(() => format(new Date(), 'yyyy-MM-dd'), []);
  const choices = useQuery(MailingChoicesDocument, { variables: { from: today } });
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [roles, setRoles] = useState<Role[]>([]);
  const [classIds, setClassIds] = useState<string[]>([]);
  const [people, setPeople] = useState<MemberOption[]>([]);
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [attachError, setAttachError] = useState<string | null>(null);
  const attach = async (chosen: File[]) => {
    setAttachError(null);
    setAttaching(true);
    try {
      for (const file of chosen) {
        const kept = await putFile<AttachedFile>(
          `/api/mailings/attachments?filename=${encodeURIComponent(file.name)}`,
          file,
          'The file could not be attached.',
        );
        setFiles((list) => [...list, kept]);
      }
    } catch (err) {
      setAttachError(err instanceof FileRefused ? err.message : errorMessage(err));
    } finally {
      setAttaching(false);
    }
  };
  const audience: MailingAudienceInput = useMemo(
    () => ({ groupIds, roles, classInstanceIds: classIds, userIds: people.map((p) => p.id) }),
    [groupIds, roles, classIds, people],
  );
  const empty = !groupIds.length && !roles.length && !classIds.length && !people.length;
  const debouncedAudience = useDebounced(audience, 300);

  const form = useZodForm(mailingForm, { defaultValues: { subject: '', body: '', sendLater: false, sendAt: '' } });
  const { register, handleSubmit, formState, watch, setValue, getValues } = form;
  const { formError, attempt } = useSubmitRefusal(form.setError);
  const [confirming, setConfirming] = useState<z.output<typeof mailingForm> | null>(null);
  const [create, creating] = useMutation(CreateMailingDocument, { refetchQueries: [AdminMailingsDocument] });
  const [sendTest, testing] = useMutation(SendTestMailingDocument);
  const [loadPreview, preview] = useLazyQuery(MailingPreviewRenderDocument, { fetchPolicy: 'network-only' });
  const [previewOpen, setPreviewOpen] = useState(false);

  const input = (values: { subject: string; body: string; sendLater: boolean; sendAt: string }) => ({
    subject: values.subject,
    body: values.body,
    audience,
    scheduledAt: values.sendLater ? new Date(values.sendAt).toISOString() : null,
    attachmentIds: files.map((f) => f.id),
  });
  const insertField = (name: string) => setValue('body', `${getValues('body')}{{${name}}}`, { shouldDirty: true });
  const sendLater = watch('sendLater');

  const send = async () => {
    if (!confirming) return;
    const values = confirming;
    setConfirming(null);
    await attempt(async () => {
      await create({ variables: { input: input(values) } });
      toast({ title: values.sendLater ? 'Mailing scheduled' : 'Mailing on its way', variant: 'success' });
      form.reset();
      setGroupIds([]);
      setRoles([]);
      setClassIds([]);
      setPeople([]);
      setFiles([]);
      onSent();
    });
  };

  const classes = choices.data?.adminClassInstances.items ?? [];
  const groups = (choices.data?.groups ?? []).filter((g) => g.id);
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => setConfirming(values))} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            Who receives it
          </Typography>
          <Autocomplete
            multiple
            options={groups}
            getOptionLabel={(g) => g.name}
            value={groups.filter((g) => groupIds.includes(g.id))}
            onChange={(_e, next) => setGroupIds(next.map((g) => g.id))}
            renderInput={(params) => <TextField {...params} label="Groups" placeholder={groupIds.length ? '' : 'Choose groups'} />}
          />
          <Box role="group" aria-label="Roles" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
              Everyone who is
            </Typography>
            {ROLES.map((role) => (
              <Chip
                key={role}
                label={roleLabels[role] ?? role}
                color={roles.includes(role) ? 'primary' : 'default'}
                variant={roles.includes(role) ? 'filled' : 'outlined'}
                aria-pressed={roles.includes(role)}
                onClick={() => setRoles(roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role])}
              />
            ))}
          </Box>
          <Autocomplete
            multiple
            options={classes}
            getOptionLabel={(c) => `${c.blueprint.name} · ${c.date} ${c.startTime}`}
            value={classes.filter((c) => classIds.includes(c.id))}
            onChange={(_e, next) => setClassIds(next.map((c) => c.id))}
            renderInput={(params) => (
              <TextField {...params} label="Class rosters" placeholder={classIds.length ? '' : 'Upcoming classes'} />
            )}
          />
          <Box>
            <MemberPicker
              label="Add people"
              required={false}
              value={null}
              onChange={(member) => member && !people.some((p) => p.id === member.id) && setPeople([...people, member])}
            />
            {people.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} aria-label="Chosen people">
                {people.map((p) => (
                  <Chip key={p.id} label={`${p.firstName} ${p.lastName}`} onDelete={() => setPeople(people.filter((x) => x.id !== p.id))} />
                ))}
              </Box>
            )}
          </Box>
        </Card>
        <AudienceSummary audience={empty ? null : debouncedAudience} />
      </Box>

      <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Message
        </Typography>
        <TextField
          label="Subject"
          required
          {...register('subject')}
          error={!!formState.errors.subject}
          helperText={formState.errors.subject?.message}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Insert:
          </Typography>
          {MAILING_MERGE_FIELDS.map((field) => (
            <Chip key={field.name} size="small" variant="outlined" label={field.label} onClick={() => insertField(field.name)} />
          ))}
        </Box>
        <TextField
          label="Body"
          required
          multiline
          minRows={8}
          {...register('body')}
          error={!!formState.errors.body}
          helperText={
            formState.errors.body?.message ?? 'Markdown: **bold**, *italic*, [a link](https://…), - lists. An unsubscribe link is added.'
          }
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} aria-label="Attachments">
          <FileButton
            size="small"
            startIcon={<AttachFileRounded />}
            disabled={attaching || files.length >= MAILING_ATTACHMENTS_MAX}
            multiple
            accept="application/pdf,image/jpeg,image/png,image/gif,image/webp"
            inputLabel="Files to attach"
            onFiles={(chosen) => void attach(chosen)}
          >
            {attaching ? 'Attaching…' : 'Attach files'}
          </FileButton>
          {files.map((f) => (
            <Chip
              key={f.id}
              label={`${f.filename} · ${formatBytes(f.size)}`}
              onDelete={() => setFiles(files.filter((x) => x.id !== f.id))}
            />
          ))}
          <Typography variant="caption" color="text.secondary">
            PDF or images, 5 MB each, 10 MB in all
          </Typography>
        </Box>
        {attachError && <Alert severity="error">{attachError}</Alert>}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FormControlLabel control={<Switch {...register('sendLater')} checked={sendLater} />} label="Send later" />
          {sendLater && (
            <TextField
              type="datetime-local"
              label="Send at"
              size="small"
              {...register('sendAt')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!formState.errors.sendAt}
              helperText={formState.errors.sendAt?.message}
            />
          )}
        </Box>
        {formError && <Alert severity="error">{formError}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            disabled={empty}
            onClick={handleSubmit((values) => {
              setPreviewOpen(true);
              void loadPreview({ variables: { input: input(values) } });
            })}
          >
            Preview
          </Button>
          <Button
            disabled={empty || testing.loading}
            onClick={handleSubmit((values) =>
              attempt(async () => {
                const { data } = await sendTest({ variables: { input: input(values) } });
                toast({ title: `Test sent to ${data?.sendTestMailing ?? 'you'}`, variant: 'success' });
              }),
            )}
          >
            Send test to me
          </Button>
          <Button type="submit" variant="contained" startIcon={<SendRounded />} disabled={empty || creating.loading}>
            {sendLater ? 'Schedule' : 'Send'}
          </Button>
        </Box>
      </Card>

      {previewOpen && (
        <Dialog open onClose={() => setPreviewOpen(false)} fullWidth maxWidth="md" aria-labelledby="mailing-preview-title">
          <DialogTitle id="mailing-preview-title">
            Preview{preview.data ? ` for ${preview.data.mailingPreview.recipientName}` : ''}
          </DialogTitle>
          <DialogContent>
            {preview.error && <Alert severity="error">{errorMessage(preview.error)}</Alert>}
            {preview.data ? (
              <>
                <Typography variant="subtitle1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                  {preview.data.mailingPreview.subject}
                </Typography>
                <Box
                  component="iframe"
                  title="Email preview"
                  sandbox=""
                  srcDoc={preview.data.mailingPreview.html}
                  sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
                />
              </>
            ) : (
              !preview.error && <Skeleton variant="rounded" height={420} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPreviewOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
      {confirming && (
        <ConfirmSend
          audience={audience}
          later={confirming.sendLater ? confirming.sendAt : null}
          onCancel={() => setConfirming(null)}
          onSend={() => void send()}
        />
      )}
    </Box>
  );
}

function ConfirmSend({
  audience,
  later,
  onCancel,
  onSend,
}: {
  audience: MailingAudienceInput;
  later: string | null;
  onCancel: () => void;
  onSend: () => void;
}) {
  const { data } = useQuery(MailingAudienceCheckDocument, { variables: { audience }, fetchPolicy: 'network-only' });
  const count = data?.mailingAudience.recipients;
  return (
    <Dialog open onClose={onCancel} aria-labelledby="confirm-send-title">
      <DialogTitle id="confirm-send-title">{later ? 'Schedule this mailing?' : 'Send this mailing?'}</DialogTitle>
      <DialogContent>
        <Typography>
          {count === undefined ? 'Counting recipients…' : `It goes to ${count.toLocaleString()} ${count === 1 ? 'person' : 'people'}`}
          {later ? ` on ${new Date(later).toLocaleString()}.` : ' now, at the studio’s sending rate.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onSend} disabled={!count}>
          {later ? 'Schedule' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The audience's count as it stands, who is left out and why, a few names, and "why is this person included". */
function AudienceSummary({ audience }: { audience: MailingAudienceInput | null }) {
  const { data, previousData, loading, error } = useQuery(MailingAudienceCheckDocument, {
    variables: { audience: audience! },
    skip: !audience,
  });
  const [who, setWho] = useState<MemberOption | null>(null);
  const why = useQuery(MailingWhyIncludedDocument, { variables: { audience: audience!, userId: who?.id ?? '' }, skip: !audience || !who });
  const summary = (data ?? previousData)?.mailingAudience;
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-live="polite">
      <Typography variant="h6" component="h2">
        Recipients
      </Typography>
      {!audience ? (
        <Typography color="text.secondary">Choose groups, roles, classes or people to see who it reaches.</Typography>
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !summary ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <>
          <Typography variant="h4" component="p" sx={{ fontWeight: 'fontWeightBold', opacity: loading ? 0.6 : 1 }}>
            {summary.recipients.toLocaleString()}{' '}
            <Typography component="span" variant="body1" color="text.secondary">
              {summary.recipients === 1 ? 'person receives it' : 'people receive it'}
            </Typography>
          </Typography>
          {summary.sample.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {summary.sample.map((m) => (m.viaParent ? `${m.name} (to their parent)` : m.name)).join(', ')}
              {summary.recipients > summary.sample.length ? ', …' : ''}
            </Typography>
          )}
          {summary.excluded.length > 0 && (
            <Box>
              <Typography variant="subtitle2">Left out</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {summary.excluded.map((x) => (
                  <li key={x.reason}>
                    <Typography variant="body2">
                      {x.count.toLocaleString()} {exclusionLabel(x.reason)}
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
          )}
          <Box sx={{ mt: 1 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Why is this person included?
            </Typography>
            <MemberPicker label="Look up a person" required={false} value={who} onChange={setWho} />
            {who && why.data && (
              <Alert severity={why.data.mailingInclusion.included ? 'success' : 'info'} sx={{ mt: 1 }}>
                {why.data.mailingInclusion.reasons.length === 0
                  ? `${who.firstName} is not in this audience.`
                  : why.data.mailingInclusion.included
                    ? `${who.firstName} receives it${why.data.mailingInclusion.member?.viaParent ? ' (sent to their parent)' : ''}: ${why.data.mailingInclusion.reasons.join('; ')}.`
                    : `${who.firstName} is named (${why.data.mailingInclusion.reasons.join('; ')}) but left out: ${exclusionLabel(why.data.mailingInclusion.member?.excludedReason ?? '')}.`}
              </Alert>
            )}
          </Box>
        </>
      )}
    </Card>
  );
}
