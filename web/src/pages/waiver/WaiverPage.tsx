import { alpha } from '@mui/material/styles';
import { useQuery } from '@apollo/client/react';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
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
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/session';
import { hasStoredToken } from '../../app/storage';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { WaiverDocumentDocument } from './waiver.generated';
import {
  REDIRECT_AFTER_SIGNING_MS,
  SIGNED,
  SIGNING_FAILED,
  adultNotice,
  checkSubmission,
  formatDocumentDate,
  initialSelection,
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
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <Box
      component="li"
      sx={{ py: 1.25, px: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'flex-start', gap: 1, opacity: person.selectable ? 1 : 0.85 }}
    >
      <FormControlLabel
        sx={{ flex: 1, m: 0, alignItems: 'flex-start' }}
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
            {!person.selectable && (
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'warning.main', mt: 0.25 }}>
                {adultNotice(person)}
              </Typography>
            )}
          </Box>
        }
      />
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

export default function WaiverPage() {
  const { user, refreshUser } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, loading, error, refetch } = useQuery(WaiverDocumentDocument, { skip: !user });
  const [sign, { loading: signing }] = useSignWaivers();
  const [agreed, setAgreed] = useState(false);
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const people = useMemo(() => (user ? waiverPeople(user, user.familyMembers) : []), [user]);
  const [selected, setSelected] = useState<Set<string>>(() => initialSelection(people));
  // Pre-select the user and minors once the family is known (and when it changes).
  const peopleKey = people.map((p) => `${p.id}:${p.selectable}`).join(',');
  const [selectedFor, setSelectedFor] = useState(peopleKey);
  if (peopleKey !== selectedFor) {
    setSelectedFor(peopleKey);
    setSelected(initialSelection(people));
  }

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  if (!user) return <SignedOut />;

  const submit = async () => {
    const check = checkSubmission({ agreed, people, selected, tokenStored: hasStoredToken() });
    if (!check.ok) {
      toast({ ...check.message, variant: 'error' });
      return;
    }
    try {
      await sign({ variables: { userIds: check.userIds } });
    } catch (e) {
      console.error('Signing the waivers failed', e);
      toast({ ...SIGNING_FAILED, variant: 'error' });
      return;
    }
    setDone(true);
    toast({ ...SIGNED, variant: 'success' });
    void refreshUser({ force: true });
    redirectTimer.current = setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_SIGNING_MS);
  };

  const doc = data?.waiverDocument;
  const signableCount = people.filter((p) => p.selectable).length;
  const selectedCount = people.filter((p) => p.selectable && selected.has(p.id)).length;

  return (
    <PageFrame
      title={pathname === '/sign-waivers' ? 'Sign Waivers' : 'Liability Waiver'}
      subtitle={
        user.waiverSigned
          ? 'Your waiver is signed. You can sign again here for children in your family.'
          : 'Please read the waiver and sign it before your first class. It only takes a minute.'
      }
      maxWidth="md"
    >
      {user.waiverSigned && (
        <Alert icon={<CheckCircleRounded />} severity="success" sx={{ mb: 3 }}>
          Waiver status: signed for {user.firstName} {user.lastName}.
        </Alert>
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

      <Card component="section" aria-labelledby="waiver-people-title" sx={{ mb: 3 }}>
        <Box sx={{ px: { xs: 2.5, sm: 3 }, pt: 2.5, pb: 1 }}>
          <Typography id="waiver-people-title" component="h2" variant="h6">
            Who are you signing for?
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {signableCount > 1
              ? `${selectedCount} of ${signableCount} selected. You can sign for yourself and for children under 18.`
              : 'You are signing for yourself.'}
          </Typography>
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {people.map((p) => (
            <PersonRow
              key={p.id}
              person={p}
              checked={selected.has(p.id)}
              disabled={signing || done}
              onToggle={() => setSelected((s) => toggleSelection(s, p))}
            />
          ))}
        </Box>
      </Card>

      <Card sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderColor: agreed ? 'primary.main' : 'divider' }}>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0 }}
          control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} disabled={done} sx={{ mt: -0.75 }} />}
          label="I have read and agree to the waiver terms, for myself and for everyone selected above."
        />
      </Card>

      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button variant="outlined" size="large" onClick={() => navigate(user.waiverSigned ? '/dashboard' : '/')} disabled={signing}>
          Cancel
        </Button>
        <Button variant="contained" size="large" onClick={() => void submit()} disabled={signing || done || !doc}>
          {signing ? 'Signing…' : 'Sign Waiver(s)'}
        </Button>
      </Box>
    </PageFrame>
  );
}
