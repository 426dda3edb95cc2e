import { fullName } from '@studio/rules';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@apollo/client/react';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { formatTimestamp, formatTimestampDay } from '../../app/dates';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { AdultInvite } from './AdultInvite';
import { useAuth } from '../../app/session';
import { hasStoredToken } from '../../app/storage';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { downloadSignedCopy } from './downloadSignedCopy';
import { SignaturePad } from './SignaturePad';
import { MyWaiverSignaturesDocument, WaiverDocumentDocument, type WaiverRecordFragment } from './waiver.generated';
import {
  REDIRECT_AFTER_SIGNING_MS,
  SIGNED,
  SIGNING_FAILED,
  checkSubmission,
  formatDocumentDate,
  initialSelection,
  newVersionNotice,
  signAgain,
  signatureForm,
  stillToSign,
  toggleSelection,
  waiverPeople,
  type WaiverPerson,
} from './waiverRules';
import { useSignWaivers } from './useSignWaivers';

function SignedOut() {
  return (
    <PageFrame title="Liability Waiver" maxWidth="md">
      <Card>
        <EmptyState
          icon={<LockOutlined />}
          title="Authentication Required"
          action={
            <Button variant="contained" component={RouterLink} to="/login">
              Go to Login
            </Button>
          }
        >
          Please sign in to read and sign the studio waiver.
        </EmptyState>
      </Card>
    </PageFrame>
  );
}

function PersonRow({
  person,
  checked,
  onToggle,
  disabled,
}: {
  person: WaiverPerson;
  checked: boolean;
  onToggle: () => void;
  disabled: boolean;
}) {
  const name = fullName(person);
  return (
    <Box
      component="li"
      sx={{ py: 1.25, px: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'flex-start', gap: 1, opacity: person.selectable ? 1 : 0.85 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <FormControlLabel
          sx={{ m: 0, alignItems: 'flex-start' }}
          control={<Checkbox checked={checked} onChange={onToggle} disabled={!person.selectable || disabled} sx={{ mt: -0.75 }} />}
          label={
            <Box>
              <Typography component="span" sx={{ fontWeight: 'fontWeightSemiBold' }}>
                {name}
                {person.isSelf ? ' (you)' : ''}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                Age {person.age}
                {person.isMinor ? ' · Minor' : ' · Adult'}
              </Typography>
            </Box>
          }
        />
        {/* Outside the label: its invite button must not toggle the (disabled) box. */}
        {!person.selectable && (
          <Box sx={{ pl: 5.25 }}>
            <AdultInvite person={person} />
          </Box>
        )}
      </Box>
      {person.waiverSigned !== undefined && (
        <Chip
          size="small"
          color={person.waiverSigned ? 'success' : 'default'}
          variant={person.waiverSigned ? 'filled' : 'outlined'}
          label={person.waiverSigned ? 'Signed' : 'Not signed'}
        />
      )}
    </Box>
  );
}

/** One signature on record: whom it covers, who signed, which version, when, and its PDF copy. */
function RecordRow({
  record,
  userId,
  currentVersion,
  onDownload,
}: {
  record: WaiverRecordFragment;
  userId: string;
  currentVersion: number | undefined;
  onDownload: (record: WaiverRecordFragment) => void;
}) {
  const person = fullName(record.signedFor);
  const byParent = record.signedBy.id !== record.signedFor.id;
  return (
    <Box
      component="li"
      sx={{ py: 1.5, px: { xs: 2, sm: 3 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 } }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="span" sx={{ fontWeight: 'fontWeightSemiBold', display: 'block' }}>
          {person}
          {record.signedFor.id === userId ? ' (you)' : ''}
          {currentVersion !== undefined && record.documentVersion !== currentVersion && (
            <Chip size="small" variant="outlined" label="Earlier version" sx={{ ml: 1 }} />
          )}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {record.documentId} · version {record.documentVersion} · signed {formatTimestampDay(record.signedAt)} at{' '}
          {formatTimestamp(record.signedAt)}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {byParent ? `Signed by ${fullName(record.signedBy)} (parent or guardian)` : 'Signed themselves'}
          {record.typedName ? ` · typed “${record.typedName}”` : ' · by ticking the agreement'}
          {record.hasDrawing ? ' · drawn' : ''}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadRounded />}
        onClick={() => onDownload(record)}
        aria-label={`Download PDF for ${person}`}
      >
        Download PDF
      </Button>
    </Box>
  );
}

export default function WaiverPage() {
  const { user, refreshUser } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, loading, error, refetch } = useQuery(WaiverDocumentDocument, { skip: !user });
  const records = useQuery(MyWaiverSignaturesDocument, { skip: !user });
  const [sign, { loading: signing }] = useSignWaivers();
  const [agreed, setAgreed] = useState(false);
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const people = useMemo(() => (user ? waiverPeople(user, user.familyMembers) : []), [user]);
  const toSign = useMemo(() => stillToSign(people), [people]);
  // Who is ticked: the user and minors still to sign until the user changes it (derived, so a family that loads or
  // changes later is pre-selected without an effect).
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const selected = chosen ?? initialSelection(toSign);

  const schema = useMemo(() => signatureForm(user ?? { firstName: '', lastName: '' }), [user]);
  const { control, handleSubmit, setError } = useZodForm(schema, { defaultValues: { typedName: '', drawing: null } });

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  if (!user) return <SignedOut />;

  const signWith = (userIds: string[]) =>
    handleSubmit(async (signature) => {
      try {
        await sign({ variables: { userIds, signature } });
      } catch (e) {
        console.error('Signing the waivers failed', e);
        setServerErrors(e, setError);
        toast({ ...SIGNING_FAILED, variant: 'error' });
        return;
      }
      setDone(true);
      toast({ ...SIGNED, variant: 'success' });
      void refreshUser({ force: true });
      redirectTimer.current = setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_SIGNING_MS);
    })();

  const submit = () => {
    const check = checkSubmission({ agreed, people: toSign, selected, tokenStored: hasStoredToken() });
    if (!check.ok) {
      toast({ ...check.message, variant: 'error' });
      return;
    }
    void signWith(check.userIds);
  };

  const download = (record: WaiverRecordFragment) =>
    downloadSignedCopy(record.pdfUrl).catch((e: unknown) => {
      console.error('Downloading the signed waiver failed', e);
      toast({ title: 'Error', description: 'The PDF copy could not be downloaded. Please try again.', variant: 'error' });
    });

  const doc = data?.waiverDocument;
  const signable = toSign.filter((p) => p.selectable);
  const selectedCount = signable.filter((p) => selected.has(p.id)).length;
  const waitingAdults = toSign.filter((p) => !p.selectable);
  const signedRecords = records.data?.myWaiverSignatures ?? [];
  const hasFamily = people.length > 1;
  const showForm = signable.length > 0;
  const minorsToSign = signable.filter((p) => !p.isSelf);
  const resigning = signAgain(signable, signedRecords, doc?.version);

  const subtitle = !user.waiverSigned
    ? resigning.some((p) => p.isSelf)
      ? 'The waiver has changed since you signed it. Please read the new version and sign it again.'
      : 'Please read the waiver and sign it before your first class. It only takes a minute.'
    : showForm
      ? `Your waiver is signed. Sign below for ${minorsToSign.map((p) => p.firstName).join(' and ')}.`
      : hasFamily
        ? 'Your waiver is signed. Below is what each person in your family signed, with a PDF copy.'
        : 'Your waiver is signed. Below is what you signed, with a PDF copy.';

  return (
    <PageFrame title={pathname === '/sign-waivers' ? 'Sign Waivers' : 'Liability Waiver'} subtitle={subtitle} maxWidth="md">
      {doc && resigning.length > 0 && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <AlertTitle>A new version of the waiver</AlertTitle>
          {newVersionNotice(resigning, doc.lastUpdated)}
        </Alert>
      )}

      {(signedRecords.length > 0 || (records.loading && people.some((p) => p.waiverSigned))) && (
        <Card component="section" aria-labelledby="waiver-records-title" sx={{ mb: 3 }}>
          <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2.5, pb: 1, display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <VerifiedOutlined color="success" aria-hidden />
            <Typography id="waiver-records-title" component="h2" variant="h6">
              On record
            </Typography>
          </Box>
          {records.loading && !signedRecords.length ? (
            <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
              <Skeleton width="60%" />
              <Skeleton width="80%" />
            </Box>
          ) : (
            <Box
              component="ul"
              aria-label="Signed waivers"
              sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
            >
              {signedRecords.map((r) => (
                <RecordRow key={r.id} record={r} userId={user.id} currentVersion={doc?.version} onDownload={(rec) => void download(rec)} />
              ))}
            </Box>
          )}
          {!showForm &&
            waitingAdults.map((p) => (
              <Box key={p.id} sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
                <AdultInvite person={p} />
              </Box>
            ))}
        </Card>
      )}

      <Card component="section" aria-labelledby="waiver-doc-title" sx={{ mb: 3 }}>
        <Box sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              borderRadius: '12px',
              display: { xs: 'none', sm: 'grid' },
              placeItems: 'center',
              bgcolor: (t) => `${alpha(t.palette.primary.main, 0.08)}`,
              color: 'primary.main',
              flexShrink: 0,
            }}
          >
            <DescriptionOutlined />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="waiver-doc-title" component="h2" variant="h6">
              {doc?.title ?? 'Liability Waiver and Release'}
            </Typography>
            {doc ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Document ID: <strong>{doc.documentId}</strong> · Last updated: {formatDocumentDate(doc.lastUpdated)}
              </Typography>
            ) : (
              <Skeleton width={280} />
            )}
          </Box>
        </Box>
        <Divider />
        {error ? (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void refetch()}>Try again</Button>}>
            The waiver text could not be loaded.
          </Alert>
        ) : (
          <Box
            tabIndex={0}
            role="document"
            aria-label="Waiver text"
            sx={{
              maxHeight: { xs: 360, md: 420 },
              overflowY: 'auto',
              px: { xs: 2.5, sm: 3 },
              py: 2.5,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {loading || !doc
              ? [0, 1, 2].map((i) => (
                  <Box key={i} sx={{ mb: 3 }}>
                    <Skeleton width="40%" height={28} />
                    <Skeleton />
                    <Skeleton />
                    <Skeleton width="80%" />
                  </Box>
                ))
              : doc.sections.map((s) => (
                  <Box key={s.key} component="section" sx={{ mb: 3, '&:last-child': { mb: 0 } }}>
                    <Typography component="h3" variant="subtitle1" sx={{ mb: 0.75 }}>
                      {s.heading}
                    </Typography>
                    <Typography variant="body2" sx={{ lineHeight: 1.75, color: 'text.secondary', whiteSpace: 'pre-line' }}>
                      {s.body}
                    </Typography>
                  </Box>
                ))}
          </Box>
        )}
      </Card>

      {showForm ? (
        <Box
          component="form"
          noValidate
          aria-label="Sign the waiver"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Card component="section" aria-labelledby="waiver-people-title" sx={{ mb: 3 }}>
            <Box sx={{ px: { xs: 2.5, sm: 3 }, pt: 2.5, pb: 1 }}>
              <Typography id="waiver-people-title" component="h2" variant="h6">
                Who are you signing for?
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {signable.length > 1
                  ? `${selectedCount} of ${signable.length} selected. You can sign for yourself and for children under 18.`
                  : signable[0].isSelf
                    ? 'You are signing for yourself.'
                    : `You are signing for ${fullName(signable[0])}, as their parent or guardian.`}
              </Typography>
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
              {toSign.map((p) => (
                <PersonRow
                  key={p.id}
                  person={p}
                  checked={selected.has(p.id)}
                  disabled={signing || done}
                  onToggle={() => setChosen(toggleSelection(selected, p))}
                />
              ))}
            </Box>
          </Card>

          <Card component="section" aria-labelledby="waiver-signature-title" sx={{ p: { xs: 2.5, sm: 3 }, mb: 3 }}>
            <Typography id="waiver-signature-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
              Your signature
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Type your full name as it is on your account ({fullName(user)}). It is kept with the signature, with the date, time and
              device, and printed on the PDF copy.
            </Typography>
            <FormTextField
              control={control}
              name="typedName"
              label="Full name"
              autoComplete="name"
              fullWidth
              required
              disabled={signing || done}
              sx={{ mb: 2.5 }}
            />
            <Controller
              control={control}
              name="drawing"
              render={({ field, fieldState }) => (
                <SignaturePad
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  disabled={signing || done}
                />
              )}
            />
          </Card>

          <Card sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderColor: agreed ? 'primary.main' : 'divider' }}>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', m: 0 }}
              control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} disabled={done} sx={{ mt: -0.75 }} />}
              label={
                signable.length > 1
                  ? 'I have read and agree to the waiver terms, for myself and for everyone selected above.'
                  : 'I have read and agree to the waiver terms.'
              }
            />
          </Card>

          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button variant="outlined" size="large" onClick={() => navigate(user.waiverSigned ? '/dashboard' : '/')} disabled={signing}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={signing || done || !doc}>
              {signing ? 'Signing…' : 'Sign Waiver(s)'}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="outlined" size="large" component={RouterLink} to="/dashboard">
            Back to dashboard
          </Button>
        </Box>
      )}
    </PageFrame>
  );
}
