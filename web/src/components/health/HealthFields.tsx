import { HEALTH_LIMITS, type HealthDetailsValues } from '@studio/rules';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../ui';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../app/forms';
import type { HealthDetailsFieldsFragment } from './health.generated';

export const EMPTY_HEALTH: HealthDetailsValues = {
  allergies: '',
  medicalNotes: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
};

/** A form's starting values from the saved details (none saved: all empty). */
export function healthValues(health: HealthDetailsFieldsFragment | null | undefined): HealthDetailsValues {
  if (!health) return { ...EMPTY_HEALTH };
  const { allergies, medicalNotes, emergencyContactName, emergencyContactPhone, emergencyContactRelationship } = health;
  return { allergies, medicalNotes, emergencyContactName, emergencyContactPhone, emergencyContactRelationship };
}

/** The part of a form's values that is the health details. */
export function pickHealth(values: HealthDetailsValues): HealthDetailsValues {
  return healthValues({ ...values, updatedAt: '' });
}

/** Allergies, medical notes and the emergency contact, inside any form whose values include them. */
export function HealthFields<Values extends FieldValues & HealthDetailsValues>({
  control,
  who,
  titled = true,
}: {
  control: Control<Values>;
  /** "Mia" or "you": whose details the hints speak of. */
  who: string;
  /** False where a section heading above says it already (/profile): the legend is then for screen readers only. */
  titled?: boolean;
}) {
  const name = (field: keyof HealthDetailsValues) => field as Path<Values>;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Box component="legend" sx={titled ? { p: 0, mb: 1.5 } : visuallyHidden}>
        <Typography variant="subtitle2" component="span">
          Health and emergency
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Shown to the instructors of the classes {who === 'you' ? 'you are' : `${who} is`} booked into. Leave empty if there is nothing to
          know.
        </Typography>
      </Box>
      <FormTextField
        control={control}
        name={name('allergies')}
        label="Allergies"
        placeholder="e.g. Peanuts (carries an EpiPen)"
        multiline
        minRows={1}
        slotProps={{ htmlInput: { maxLength: HEALTH_LIMITS.allergies } }}
      />
      <FormTextField
        control={control}
        name={name('medicalNotes')}
        label="Medical notes"
        placeholder="Conditions, medication, injuries"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: HEALTH_LIMITS.medicalNotes } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name={name('emergencyContactName')}
          label="Emergency contact"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: HEALTH_LIMITS.emergencyContactName } }}
        />
        <FormTextField
          control={control}
          name={name('emergencyContactRelationship')}
          label="Relationship"
          placeholder="e.g. Grandmother"
          slotProps={{ htmlInput: { maxLength: HEALTH_LIMITS.emergencyContactRelationship } }}
        />
      </Box>
      <FormTextField
        control={control}
        name={name('emergencyContactPhone')}
        label="Emergency contact phone"
        type="tel"
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: HEALTH_LIMITS.emergencyContactPhone } }}
      />
    </Box>
  );
}
