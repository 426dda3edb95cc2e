import { useQuery } from '@apollo/client/react';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { useCommittedSearchParams } from '../../app/useCommittedValue';
import { PageFrame } from '../../components/PageFrame';
import type { ScheduleClass } from '../../components/schedule/ClassCard';
import { ClassDetailsDialog } from '../../components/schedule/ClassDetailsDialog';
import { ScheduleBrowser } from '../../components/schedule/ScheduleBrowser';
import { ClassDetailsDocument } from '../../components/schedule/schedule.generated';
import { BookingPanel } from './BookingPanel';
import { BookingCoversDocument } from './classes.generated';
import { MyPlaces } from './MyPlaces';

/** Browse and book classes for yourself or your family; your bookings and waitlist places on top. */
export default function ClassesPage() {
  // The queries follow the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const selectedId = params.get('class');
  const details = useQuery(ClassDetailsDocument, { variables: { id: selectedId ?? '' }, skip: !selectedId });
  // Asked afresh each time a class opens (a booking elsewhere uses up a pack), alongside its details.
  const covers = useQuery(BookingCoversDocument, {
    variables: { classInstanceId: selectedId ?? '' },
    skip: !selectedId,
    fetchPolicy: 'network-only',
  });
  // The dialog opens once it can say what will pay (or the question failed: then it shows the price).
  const coversSettled = Boolean(covers.data || covers.error);
  const selected = selectedId && coversSettled && details.data?.classInstance.id === selectedId ? details.data.classInstance : null;

  const setSelected = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('class', id);
        else next.delete('class');
        return next;
      },
      { replace: !id },
    );

  return (
    <PageFrame
      title="Classes"
      subtitle="Book a spot for yourself or your children, join a waitlist when a class is full, and manage what you’ve booked."
      actions={
        <Button component={RouterLink} to="/calendar" variant="outlined" startIcon={<CalendarMonthRounded />}>
          Full calendar
        </Button>
      }
    >
      <MyPlaces />
      <Box component="section" aria-labelledby="upcoming-classes-title" sx={{ mt: { xs: 4, md: 5 } }}>
        <Typography id="upcoming-classes-title" component="h2" variant="h5" sx={{ mb: 2 }}>
          Upcoming classes
        </Typography>
        <ScheduleBrowser headingLevel="h3" onOpenClass={(c: ScheduleClass) => setSelected(c.id)} />
      </Box>
      {selectedId && details.error && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setSelected(null)}>
          {errorMessage(details.error, 'That class could not be found.')}
        </Alert>
      )}
      <ClassDetailsDialog c={selected} open={Boolean(selected)} onClose={() => setSelected(null)}>
        {selected && <BookingPanel key={selected.id} c={selected} covers={covers.data?.bookingCovers} onDone={() => setSelected(null)} />}
      </ClassDetailsDialog>
    </PageFrame>
  );
}
