import { fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage, refusalReason } from '../../app/errors';
import { useZodForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { FindAttendeesDocument, type FindAttendeesQuery } from './attendance.generated';
import { dialogFormSx } from '../classFormat';
import { initials } from '../userLabels';
import { FULL_FOR_STAFF } from './rosterRules';
import { useStaffBookAttendee } from './useStaffBookAttendee';
import { useDebounced } from '../useDebounced';

type Person = FindAttendeesQuery['findAttendees'][number];

/** Tells two people of the same name apart without contact details: a child by their parent. */
export const whoseChild = (p: Pick<Person, 'guardian'>): string | null => (p.guardian ? `child of ${p.guardian.name}` : null);

const addAttendeeForm = z.object({
  person: z.custom<Person | null>((p) => p !== null, 'Choose who to add.').transform((p) => p as Person),
  walkIn: z.boolean(),
});

export interface AddAttendeeClass {
  id: string;
  name: string;
  capacity: number;
  spotsLeft: number;
  /** Check-in is possible now: a walk-in is checked in at once. */
  checkInPossible: boolean;
}

/**
 * Staff add someone to a class: a walk-in (booked and checked in at once) or a direct booking (confirmed, unpaid).
 * A full class refuses; an admin may then book over capacity after an explicit confirmation.
 */
export function AddAttendeeDialog({ klass, isAdmin, onClose }: { klass: AddAttendeeClass; isAdmin: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const { control, handleSubmit, watch, formState } = useZodForm(addAttendeeForm, {
    defaultValues: { person: null, walkIn: klass.checkInPossible },
  });
  const [person, walkIn] = watch(['person', 'walkIn']);
  const [confirmOver, setConfirmOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const found = useQuery(FindAttendeesDocument, { variables: { search }, skip: search.length < 2 });
  const options = search.length < 2 ? [] : (found.data?.findAttendees ?? found.previousData?.findAttendees ?? []);
  const [book, { loading }] = useStaffBookAttendee();

  const full = klass.spotsLeft <= 0;
  const submit = (overCapacity: boolean) => handleSubmit((values) => add(values, overCapacity))();
  const add = async ({ person, walkIn }: z.output<typeof addAttendeeForm>, overCapacity: boolean) => {
    setError(null);
    if (full && !overCapacity) {
      if (isAdmin) setConfirmOver(true);
      else setError(FULL_FOR_STAFF);
      return;
    }
    try {
      await book({ variables: { classInstanceId: klass.id, attendeeId: person.id, walkIn, overCapacity } });
      toast({
        title: walkIn ? 'Walk-in checked in' : 'Booked',
        description: `${fullName(person)} is on the roster of ${klass.name}.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      if (refusalReason(err) === 'CLASS_FULL' && !overCapacity) {
        if (isAdmin) setConfirmOver(true);
        else setError(FULL_FOR_STAFF);
        return;
      }
      setConfirmOver(false);
      setError(errorMessage(err, 'Could not add them to the class. Please try again.'));
    }
  };

  if (confirmOver && person) {
    return (
      <Dialog open onClose={() => setConfirmOver(false)} maxWidth="xs" fullWidth aria-labelledby="over-capacity-title">
        <DialogTitle id="over-capacity-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <WarningAmberRounded color="warning" aria-hidden /> Book over capacity?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {klass.name} is full ({klass.capacity} of {klass.capacity} spots). Booking {fullName(person)} takes it to{' '}
            {klass.capacity - klass.spotsLeft + 1} people.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setConfirmOver(false)}>Back</Button>
          <Button variant="contained" color="warning" disabled={loading} onClick={() => void submit(true)}>
            {loading ? 'Booking…' : 'Book over capacity'}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="add-attendee-title">
      <DialogTitle id="add-attendee-title">Add to {klass.name}</DialogTitle>
      <Box
        component="form"
        noValidate
        sx={dialogFormSx}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(false);
        }}
      >
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2 }}>
          {full && (
            <Alert severity="warning">
              This class is full ({klass.capacity} spots).{' '}
              {isAdmin ? 'You can still book someone over capacity.' : 'Only an admin can book over capacity.'}
            </Alert>
          )}
          {(formState.errors.person?.message ?? error) && <Alert severity="error">{formState.errors.person?.message ?? error}</Alert>}
          <Controller
            control={control}
            name="person"
            render={({ field }) => (
              <Autocomplete
                options={options}
                value={field.value}
                onChange={(_, p) => {
                  field.onChange(p);
                  setError(null);
                }}
                inputValue={input}
                onInputChange={(_, v) => setInput(v)}
                filterOptions={(x) => x}
                getOptionLabel={(p) => fullName(p)}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={found.loading}
                noOptionsText={search.length < 2 ? 'Type at least 2 letters of a name or username' : 'Nobody found'}
                renderOption={({ key, ...props }, p) => (
                  <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                    <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main' }}>{initials(p)}</Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>{fullName(p)}</Typography>
                      <Typography variant="body2" color={p.waiverSigned ? 'text.secondary' : 'warning.main'}>
                        {[whoseChild(p), `age ${p.age}`, p.waiverSigned ? null : 'waiver not signed'].filter(Boolean).join(' · ')}
                      </Typography>
                    </Box>
                  </Box>
                )}
                renderInput={(params) => <TextField {...params} label="Attendee" placeholder="Search by name or username" autoFocus />}
              />
            )}
          />
          {person && !person.waiverSigned && (
            <Alert severity="warning">
              {fullName(person)} has not signed the current waiver; the booking will be refused until they do.
            </Alert>
          )}
          <FormControlLabel
            control={
              <Controller
                control={control}
                name="walkIn"
                render={({ field }) => (
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={!klass.checkInPossible} />
                )}
              />
            }
            label={
              <Box>
                <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>Walk-in: check them in now</Typography>
                <Typography variant="body2" color="text.secondary">
                  {klass.checkInPossible
                    ? 'Otherwise they are booked (confirmed, unpaid) and checked in later.'
                    : 'Check-in opens 30 minutes before class; until then they are booked (confirmed, unpaid).'}
                </Typography>
              </Box>
            }
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={loading || !person}>
            {loading ? 'Adding…' : walkIn ? 'Check in walk-in' : 'Book'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
