import { useQuery } from '@apollo/client/react';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { loginPathFor } from '../../app/returnTo';
import { useAuth } from '../../app/session';
import { useCommittedSearchParams } from '../../app/useCommittedValue';
import { Brand } from '../../components/Brand';
import { useDocumentTitle } from '../../components/PageFrame';
import { isPast, type ScheduleClass } from '../../components/schedule/ClassCard';
import { ScheduleBrowser } from '../../components/schedule/ScheduleBrowser';
import { ClassDetailsDocument } from '../../components/schedule/schedule.generated';
import { lazyComponent } from '../../app/lazyPage';

/** The class details dialog is loaded when a class is first opened: the calendar paints without its code. */
const ClassDetailsDialog = lazyComponent(() => import('../../components/schedule/ClassDetailsDialog').then((m) => m.ClassDetailsDialog));

/** The slim header of the public calendar (it has no navigation bar): the studio, and Sign in or Dashboard. */
function CalendarHeader() {
  const { status, isAuthenticated } = useAuth();
  return (
    <Box
      component="header"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: (t) => alpha(t.palette.common.white, 0.92),
        backdropFilter: 'blur(8px)',
        position: 'sticky',
        top: 0,
        zIndex: (t) => t.zIndex.appBar,
      }}
    >
      <Container maxWidth="xl" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: { xs: 56, md: 64 } }}>
        <Brand />
        <Box sx={{ flex: 1 }} />
        {isAuthenticated ? (
          <>
            <Button component={RouterLink} to="/classes" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              My classes
            </Button>
            <Button component={RouterLink} to="/dashboard" variant="contained">
              Dashboard
            </Button>
          </>
        ) : status === 'signed-out' ? (
          <Button component={RouterLink} to="/login" variant="contained">
            Sign in
          </Button>
        ) : null}
      </Container>
    </Box>
  );
}

/** Public week and month calendar with live seat counts; Book goes to /classes (or to sign-in and back). */
export default function CalendarPage() {
  useDocumentTitle('Class Calendar');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  // The queries follow the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const selectedId = params.get('class');
  const { data } = useQuery(ClassDetailsDocument, { variables: { id: selectedId ?? '' }, skip: !selectedId });
  const selected = selectedId && data?.classInstance.id === selectedId ? data.classInstance : null;
  // Once opened, the dialog stays mounted, so it closes with its transition.
  const [dialogWanted, setDialogWanted] = useState(Boolean(selectedId));
  if (selectedId && !dialogWanted) setDialogWanted(true);

  const open = (c: ScheduleClass) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('class', c.id);
      return next;
    });
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('class');
        return next;
      },
      { replace: true },
    );

  const book = (c: ScheduleClass) => {
    if (isAuthenticated) {
      navigate(`/classes?class=${encodeURIComponent(c.id)}&date=${c.date}`);
      return;
    }
    // Back to this calendar, with this class open, once signed in.
    const back = new URLSearchParams(params);
    back.set('class', c.id);
    navigate(loginPathFor(`/calendar?${back.toString()}`));
  };

  const canBook = selected && selected.bookable && selected.status !== 'cancelled' && !isPast(selected);

  return (
    <Box
      sx={{ minHeight: '100vh', background: (t) => `linear-gradient(180deg, ${alpha(t.palette.primary.main, 0.07)}, transparent 320px)` }}
    >
      <CalendarHeader />
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
        <Box sx={{ mb: { xs: 2.5, md: 3 } }}>
          <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' } }}>
            Class Calendar
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75, maxWidth: 640 }}>
            Every class at the studio, with spots left updated live. Pick a class for details and booking.
          </Typography>
        </Box>
        <ScheduleBrowser onOpenClass={open} />
      </Container>
      {dialogWanted && (
        <ClassDetailsDialog
          c={selected}
          open={Boolean(selected)}
          onClose={close}
          actions={
            <>
              <Button onClick={close}>Close</Button>
              {canBook && (
                <Button variant="contained" endIcon={<ArrowForwardRounded />} onClick={() => book(selected)}>
                  {isAuthenticated ? (selected.spotsLeft > 0 ? 'Book this class' : 'Join the waitlist') : 'Sign in to book'}
                </Button>
              )}
            </>
          }
        />
      )}
    </Box>
  );
}
