import { MAX_WAIVER_SECTIONS, waiverVersionForm, type WaiverVersionForm } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PublishRounded from '@mui/icons-material/PublishRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { formatLongDate, formatTimestamp, formatTimestampDay, todayIso } from '../../../app/dates';
import { FormDateField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AdminWaiverVersionFragment } from './adminWaivers.generated';
import { usePublishWaiverVersion } from './usePublishWaiverVersion';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';

/** A new version starts as a copy of the current one, dated today. */
export function draftFrom(current: AdminWaiverVersionFragment | undefined): WaiverVersionForm {
  return {
    documentId: current?.documentId ?? '',
    title: current?.title ?? 'Liability Waiver and Release',
    lastUpdated: todayIso(),
    sections: current?.sections.map(({ heading, body }) => ({ heading, body })) ?? [{ heading: '', body: '' }],
  };
}

/**
 * Writes a new version (document id, title, date, sections: a heading and plain text each) and publishes it after
 * a confirmation: from then on everyone signs it again before their next booking.
 */
export function PublishVersionDialog({ current, onClose }: { current: AdminWaiverVersionFragment | undefined; onClose: () => void }) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues, formState } = useZodForm(waiverVersionForm, { defaultValues: draftFrom(current) });
  const { fields, append, remove } = useFieldArray({ control, name: 'sections' });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [publish, { loading }] = usePublishWaiverVersion();
  const [confirming, setConfirming] = useState(false);
  const next = (current?.version ?? 0) + 1;

  const publishNow = async () => {
    setConfirming(false);
    await attempt(async () => {
      const { data } = await publish({ variables: { input: waiverVersionForm.parse(getValues()) } });
      const v = data?.publishWaiverVersion;
      toast({
        title: `Version ${v?.version ?? next} published`,
        description: 'Everyone signs it before their next booking; parents sign for their children.',
        variant: 'success',
      });
      onClose();
    });
  };
  const sectionsError = (formState.errors.sections as { message?: string; root?: { message?: string } } | undefined) ?? undefined;

  return (
    <>
      <FormDialog
        title={`New waiver version (version ${next})`}
        onClose={onClose}
        onSubmit={(e) => void handleSubmit(() => setConfirming(true))(e)}
        formError={formError}
        busy={loading}
        busyLabel="Publishing…"
        submitLabel="Publish…"
        submitIcon={<PublishRounded />}
        closeLabel="Cancel"
        maxWidth="md"
      >
        <DialogContentText>
          Members see this text on the waiver page. Line breaks are kept; each section gets its heading.
        </DialogContentText>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 180px' } }}>
          <FormTextField control={control} name="documentId" label="Document ID" required placeholder="ASTRO-WAIVER-2026" />
          <FormTextField control={control} name="title" label="Title" required />
          <FormDateField control={control} name="lastUpdated" label="Last updated" required />
        </Box>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Sections
          </Typography>
          {fields.map((field, i) => (
            <Box
              key={field.id}
              role="group"
              aria-label={`Section ${i + 1}`}
              sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <FormTextField control={control} name={`sections.${i}.heading`} label="Heading" required fullWidth size="small" />
                <IconButton aria-label={`Remove section ${i + 1}`} onClick={() => remove(i)} disabled={fields.length === 1}>
                  <DeleteOutlineRounded />
                </IconButton>
              </Box>
              <FormTextField control={control} name={`sections.${i}.body`} label="Text" required multiline minRows={4} fullWidth />
            </Box>
          ))}
          {(sectionsError?.message ?? sectionsError?.root?.message) && (
            <Typography color="error" variant="body2">
              {sectionsError?.message ?? sectionsError?.root?.message}
            </Typography>
          )}
          <Box>
            <Button
              startIcon={<AddRounded />}
              onClick={() => append({ heading: '', body: '' })}
              disabled={fields.length >= MAX_WAIVER_SECTIONS}
            >
              Add section
            </Button>
          </Box>
        </Box>
      </FormDialog>
      {confirming && (
        <FormDialog
          title={`Publish version ${next}?`}
          onClose={() => setConfirming(false)}
          onSubmit={(e) => {
            e.preventDefault();
            void publishNow();
          }}
          busy={loading}
          submitLabel={`Publish version ${next}`}
          closeLabel="Back"
          cautious
          maxWidth="xs"
        >
          <DialogContentText>
            It becomes the waiver members sign at once. Everyone who signed an earlier version, you included, signs this one again before
            their next booking, and parents sign it again for their children. A published version cannot be changed.
          </DialogContentText>
        </FormDialog>
      )}
    </>
  );
}

function VersionCard({ version, current }: { version: AdminWaiverVersionFragment; current: boolean }) {
  return (
    <Accordion disableGutters defaultExpanded={false} sx={{ '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreRounded />} aria-controls={`waiver-version-${version.id}`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 'fontWeightBold' }}>Version {version.version}</Typography>
          {current && <Chip size="small" color="success" label="Current" />}
          <Typography variant="body2" color="text.secondary" sx={{ flexBasis: { xs: '100%', sm: 'auto' } }}>
            {version.documentId} · last updated {formatLongDate(version.lastUpdated)} · published {formatTimestampDay(version.publishedAt)}{' '}
            at {formatTimestamp(version.publishedAt)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`waiver-version-${version.id}`}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {version.title}
        </Typography>
        {version.sections.map((s) => (
          <Box key={s.key} sx={{ mb: 2, '&:last-child': { mb: 0 } }}>
            <Typography variant="subtitle2" component="h4">
              {s.heading}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}>
              {s.body}
            </Typography>
          </Box>
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

/** The published versions, newest (the current one) first, and the button that writes the next one. */
export function WaiverVersionsTab({
  versions,
  loading,
  error,
  onRetry,
}: {
  versions: readonly AdminWaiverVersionFragment[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const [writing, setWriting] = useState(false);
  const current = versions[0];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography color="text.secondary" sx={{ fontWeight: 'fontWeightSemiBold' }}>
          {current ? `Members sign version ${current.version} (${current.documentId}).` : ' '}
        </Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setWriting(true)} disabled={!current}>
          New version
        </Button>
      </Box>
      {error ? (
        <LoadErrorAlert error={error} fallback="The waiver versions could not be loaded." onRetry={onRetry} />
      ) : loading && !versions.length ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {versions.map((v, i) => (
            <VersionCard key={v.id} version={v} current={i === 0} />
          ))}
        </Box>
      )}
      {writing && <PublishVersionDialog current={current} onClose={() => setWriting(false)} />}
    </Box>
  );
}
