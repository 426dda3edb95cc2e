import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { errorMessage } from '../../app/errors';
import { requirementNote, type Attendee } from './bookingRules';
import { ClassRequirementCheckDocument } from './classes.generated';

/**
 * What a gated class asks of one person picked, and whether they have it, said before the click; tells the panel
 * whether that person lacks it (the Book button waits for everyone picked to qualify).
 */
export function RequirementLine({
  classInstanceId,
  person,
  onLacking,
}: {
  classInstanceId: string;
  person: Attendee;
  onLacking: (attendeeId: string, lacking: boolean) => void;
}) {
  const { data, error } = useQuery(ClassRequirementCheckDocument, { variables: { classInstanceId, attendeeId: person.id } });
  const check = data?.classRequirementCheck;
  const lacking = Boolean(check && !check.met && !check.overridden);
  useEffect(() => {
    onLacking(person.id, lacking);
    return () => onLacking(person.id, false);
  }, [onLacking, person.id, lacking]);
  return (
    <Alert severity={!check ? 'info' : lacking ? 'warning' : 'success'} role="status">
      {check ? requirementNote(check, person) : error ? errorMessage(error) : 'Checking the moves this class requires…'}
    </Alert>
  );
}
