import { useQuery } from '@apollo/client/react';
import { HEX_COLOR_PATTERN, introOfferIssues, landingPage, MAX_FEATURES, MAX_SOCIAL_LINKS } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { FEATURE_ICON_NAMES, FeatureIcon, loadFeatureIcons } from '../../components/FeatureIcon';
import { PageFrame } from '../../components/PageFrame';
import type { LandingConfigFragment } from '../landing/LandingView.generated';
import { LandingPageEditorDocument } from './landingCustomization.generated';
import { LandingView, type LandingContent } from '../landing/LandingView';
import { useUpdateLandingPageConfig } from './useUpdateLandingPageConfig';

/** The landing page's shared field rules, plus the whole-page ones: a shown banner has text, an offer its button. */
const landingForm = landingPage.superRefine((c, ctx) => {
  if (c.announcementEnabled && c.announcementText.length <= 500 && !c.announcementText.trim()) {
    ctx.addIssue({ code: 'custom', path: ['announcementText'], message: 'Enter the announcement, or turn the banner off.' });
  }
  for (const issue of introOfferIssues(c)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});

function toContent(c: LandingConfigFragment): LandingContent {
  return {
    announcementEnabled: c.announcementEnabled,
    announcementText: c.announcementText,
    heroTitle: c.heroTitle,
    heroSubtitle: c.heroSubtitle,
    heroCta: c.heroCta,
    heroCtaLink: c.heroCtaLink,
    heroBackgroundImage: c.heroBackgroundImage,
    primaryColor: c.primaryColor,
    secondaryColor: c.secondaryColor,
    featuresTitle: c.featuresTitle,
    featuresSubtitle: c.featuresSubtitle,
    featuresContent: c.featuresContent.map(({ icon, title, description }) => ({ icon, title, description })),
    socialLinks: c.socialLinks.map(({ label, url }) => ({ label, url })),
    introOfferTitle: c.introOfferTitle,
    introOfferText: c.introOfferText,
    introOfferCta: c.introOfferCta,
    introOfferLink: c.introOfferLink,
    visitAddress: c.visitAddress,
    visitHours: c.visitHours,
    contactPhone: c.contactPhone,
    contactEmail: c.contactEmail,
  };
}

function EditorSection({
  id,
  title,
  line,
  children,
  aside,
}: {
  id: string;
  title: string;
  line?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Box>
          <Typography id={id} component="h2" variant="subtitle1">
            {title}
          </Typography>
          {line && (
            <Typography variant="body2" color="text.secondary">
              {line}
            </Typography>
          )}
        </Box>
        {aside}
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>{children}</Box>
    </Card>
  );
}

function ColorField({
  control,
  name,
  label,
}: {
  control: Control<LandingContent>;
  name: 'primaryColor' | 'secondaryColor';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'Hex colour like #8B5CF6'}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={`Pick ${label.toLowerCase()}`}
                    value={HEX_COLOR_PATTERN.test(field.value) ? field.value : '#000000'}
                    onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value.toUpperCase())}
                    sx={{ width: 28, height: 28, p: 0, border: 0, borderRadius: '6px', bgcolor: 'transparent', cursor: 'pointer' }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

/**
 * The live preview: beside the form on wide screens, the page at desktop width scaled to the column; on narrower
 * screens it is shown on its own (see the Edit/Preview switch) at the screen's width, as visitors on that device see it.
 */
function LandingPreview({ content }: { content: LandingContent }) {
  const theme = useTheme();
  const beside = useMediaQuery(theme.breakpoints.up('lg'));
  if (beside) return <ScaledPreview content={content} />;
  return (
    <Box inert sx={{ overflow: 'hidden', borderRadius: '12px', border: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
      <LandingView config={content} signedIn={false} headingLevel={2} />
    </Box>
  );
}

/** The landing page rendered at desktop width and scaled to fit the preview column. */
function ScaledPreview({ content }: { content: LandingContent }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const WIDTH = 1200;
  const [scale, setScale] = useState(0.5);
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    if (!outer.current || !inner.current || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const s = (outer.current?.clientWidth ?? WIDTH) / WIDTH;
      setScale(s);
      setHeight((inner.current?.scrollHeight ?? 1200) * s);
    };
    const ro = new ResizeObserver(update);
    ro.observe(outer.current);
    ro.observe(inner.current);
    update();
    return () => ro.disconnect();
  }, []);
  return (
    <Box
      ref={outer}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height,
        borderRadius: '12px',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    >
      <Box
        ref={inner}
        inert
        sx={{ width: WIDTH, transform: `scale(${scale})`, transformOrigin: 'top left', position: 'absolute', top: 0, left: 0 }}
      >
        <LandingView config={content} signedIn={false} headingLevel={2} />
      </Box>
    </Box>
  );
}

export default function LandingPageCustomizationPage() {
  const { data, loading, error } = useQuery(LandingPageEditorDocument);
  const saved = useMemo(() => (data ? toContent(data.landingPageConfig) : null), [data]);
  // Each save starts the editor again from the saved configuration.
  const [edition, setEdition] = useState(0);
  useEffect(() => {
    void loadFeatureIcons();
  }, []);

  if (error) {
    return (
      <PageFrame title="Landing Page">
        <Alert severity="error">{errorMessage(error, 'The landing page settings could not be loaded.')}</Alert>
      </PageFrame>
    );
  }
  if (loading || !saved) {
    return (
      <PageFrame title="Landing Page">
        <Skeleton variant="rounded" height={480} />
      </PageFrame>
    );
  }
  return <LandingEditor key={edition} saved={saved} onSaved={() => setEdition((n) => n + 1)} />;
}

type Pane = 'edit' | 'preview';

function LandingEditor({ saved, onSaved }: { saved: LandingContent; onSaved: () => void }) {
  const { control, handleSubmit, setError, reset, watch } = useZodForm(landingForm, { defaultValues: saved });
  const features = useFieldArray({ control, name: 'featuresContent' });
  const socialLinks = useFieldArray({ control, name: 'socialLinks' });
  const { formError, setFormError, attempt } = useSubmitRefusal(setError, { listFieldErrors: true });
  const { toast } = useToast();
  const [save, { loading: saving }] = useUpdateLandingPageConfig();
  const draft = watch();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const text = (
    key: Exclude<keyof LandingContent, 'announcementEnabled' | 'featuresContent' | 'socialLinks'>,
    label: string,
    extra: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> = {},
  ) => <FormTextField control={control} name={key} label={label} {...extra} />;

  const submit = handleSubmit(
    (input) =>
      attempt(async () => {
        await save({ variables: { input } });
        toast({ title: 'Landing page saved', description: 'Your changes are live on the home page.', variant: 'success' });
        onSaved();
      }),
    () => {
      setFormError(null);
      toast({ title: 'Please check the form', description: 'Some fields need attention before saving.', variant: 'error' });
    },
  );

  const iconOptions = FEATURE_ICON_NAMES;
  const [pane, setPane] = useState<Pane>('edit');
  return (
    <PageFrame
      title="Landing Page"
      subtitle="Edit the public home page. The preview updates as you type; saving publishes it at once."
      actions={
        <>
          <Button component={RouterLink} to="/" target="_blank" endIcon={<OpenInNewRounded />}>
            View page
          </Button>
          <Button disabled={!dirty || saving} onClick={() => reset(saved)}>
            Discard
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={!dirty || saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </Button>
        </>
      }
    >
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      {/* Below the two-column width the form and the preview take turns, so the preview is one tap away, not
          thousands of pixels below the form. */}
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        aria-label="Show"
        value={pane}
        onChange={(_e, next: Pane | null) => {
          if (!next) return;
          setPane(next);
          window.scrollTo?.({ top: 0 });
        }}
        sx={{
          display: { xs: 'flex', lg: 'none' },
          position: 'sticky',
          top: { xs: 60, md: 68 },
          zIndex: 2,
          mb: 2,
          bgcolor: 'background.paper',
        }}
      >
        <ToggleButton value="edit">Edit</ToggleButton>
        <ToggleButton value="preview">Preview</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(380px, 460px) 1fr' }, alignItems: 'start' }}>
        <Box
          component="form"
          noValidate
          aria-label="Landing page settings"
          onSubmit={(e) => void submit(e)}
          sx={{ display: { xs: pane === 'edit' ? 'grid' : 'none', lg: 'grid' }, gap: 2.5 }}
        >
          <EditorSection
            id="announcement-title"
            title="Announcement banner"
            line="A short notice across the top of the page."
            aside={<FormSwitch control={control} name="announcementEnabled" label="Show" labelPlacement="start" />}
          >
            {text('announcementText', 'Announcement', { multiline: true, minRows: 2, helperText: `${draft.announcementText.length}/500` })}
          </EditorSection>

          <EditorSection id="hero-title-editor" title="Hero" line="The first thing visitors see.">
            {text('heroTitle', 'Title', { required: true })}
            {text('heroSubtitle', 'Subtitle', { multiline: true, minRows: 2, helperText: `${draft.heroSubtitle.length}/300` })}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {text('heroCta', 'Button text', { required: true })}
              {text('heroCtaLink', 'Button link', { required: true, helperText: 'A path like /register or a full address' })}
            </Box>
            {text('heroBackgroundImage', 'Background image URL', { helperText: 'Optional. Leave empty for the colour gradient.' })}
          </EditorSection>

          <EditorSection id="colours-title" title="Colours" line="Used across the whole app, not only the home page.">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <ColorField control={control} name="primaryColor" label="Primary colour" />
              <ColorField control={control} name="secondaryColor" label="Secondary colour" />
            </Box>
          </EditorSection>

          <EditorSection
            id="features-editor-title"
            title="Features"
            line={`Up to ${MAX_FEATURES} highlights with an icon.`}
            aside={
              <Button
                size="small"
                startIcon={<AddRounded />}
                disabled={features.fields.length >= MAX_FEATURES}
                onClick={() => features.append({ icon: 'star', title: '', description: '' }, { shouldFocus: false })}
              >
                Add
              </Button>
            }
          >
            {text('featuresTitle', 'Section title', { required: true })}
            {text('featuresSubtitle', 'Section subtitle')}
            {features.fields.map((field, i) => {
              const icon = draft.featuresContent[i]?.icon ?? field.icon;
              return (
                <Box
                  key={field.id}
                  role="group"
                  aria-label={`Feature ${i + 1}`}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', p: 2, display: 'grid', gap: 1.5 }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Chip size="small" label={`Feature ${i + 1}`} />
                    <Box sx={{ flex: 1 }} />
                    <Tooltip title="Move up">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Move feature ${i + 1} up`}
                          disabled={i === 0}
                          onClick={() => features.move(i, i - 1)}
                        >
                          <ArrowUpwardRounded fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Move down">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Move feature ${i + 1} down`}
                          disabled={i === features.fields.length - 1}
                          onClick={() => features.move(i, i + 1)}
                        >
                          <ArrowDownwardRounded fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Remove">
                      <IconButton size="small" aria-label={`Remove feature ${i + 1}`} onClick={() => features.remove(i)}>
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '190px 1fr' } }}>
                    <FormTextField control={control} name={`featuresContent.${i}.icon`} select label="Icon">
                      {(iconOptions.includes(icon) ? iconOptions : [icon, ...iconOptions]).map((name) => (
                        <MenuItem key={name} value={name}>
                          <ListItemIcon sx={{ minWidth: 32, verticalAlign: 'middle' }}>
                            <FeatureIcon name={name} fontSize="small" />
                          </ListItemIcon>
                          {name.replace(/_/g, ' ')}
                        </MenuItem>
                      ))}
                    </FormTextField>
                    <FormTextField control={control} name={`featuresContent.${i}.title`} label="Title" />
                  </Box>
                  <FormTextField control={control} name={`featuresContent.${i}.description`} label="Description" multiline minRows={2} />
                </Box>
              );
            })}
          </EditorSection>

          <EditorSection id="offer-editor-title" title="Intro offer" line="A card for newcomers; shown when it has a title.">
            {text('introOfferTitle', 'Offer title', { helperText: 'For example "New here? Two classes for $30"' })}
            {text('introOfferText', 'Details', { multiline: true, minRows: 2, helperText: `${draft.introOfferText.length}/300` })}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {text('introOfferCta', 'Button text')}
              {text('introOfferLink', 'Button link', { helperText: 'A shop page like /memberships or a full address' })}
            </Box>
          </EditorSection>

          <EditorSection
            id="visit-editor-title"
            title="Visit us"
            line="Where the studio is and when it is open; shown when either is filled in."
          >
            {text('visitAddress', 'Address', { multiline: true, minRows: 2 })}
            {text('visitHours', 'Opening hours', { multiline: true, minRows: 3, helperText: 'One line per row, as you would write them' })}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {text('contactPhone', 'Phone', { type: 'tel' })}
              {text('contactEmail', 'Email', { type: 'email' })}
            </Box>
          </EditorSection>

          <EditorSection
            id="social-editor-title"
            title="Social links"
            line="Shown in the footer."
            aside={
              <Button
                size="small"
                startIcon={<AddRounded />}
                disabled={socialLinks.fields.length >= MAX_SOCIAL_LINKS}
                onClick={() => socialLinks.append({ label: '', url: 'https://' }, { shouldFocus: false })}
              >
                Add
              </Button>
            }
          >
            {socialLinks.fields.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                No social links.
              </Typography>
            )}
            {socialLinks.fields.map((field, i) => {
              return (
                <Box
                  key={field.id}
                  role="group"
                  aria-label={`Social link ${i + 1}`}
                  sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr auto', sm: '140px 1fr auto' }, alignItems: 'start' }}
                >
                  <FormTextField control={control} name={`socialLinks.${i}.label`} label="Label" />
                  <FormTextField
                    control={control}
                    name={`socialLinks.${i}.url`}
                    label="URL"
                    sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                  />
                  <IconButton aria-label={`Remove social link ${i + 1}`} onClick={() => socialLinks.remove(i)} sx={{ mt: 1 }}>
                    <DeleteOutlineRounded />
                  </IconButton>
                </Box>
              );
            })}
          </EditorSection>

          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, alignItems: 'center' }}>
            {dirty && <Chip size="small" color="warning" variant="outlined" label="Unsaved changes" />}
            <Button type="submit" variant="contained" size="large" disabled={!dirty || saving}>
              {saving ? 'Saving…' : 'Save changes'}
            </Button>
          </Box>
        </Box>

        <Box
          component="section"
          aria-labelledby="preview-title"
          sx={{ display: { xs: pane === 'preview' ? 'block' : 'none', lg: 'block' }, position: { lg: 'sticky' }, top: { lg: 88 } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
            <Typography id="preview-title" component="h2" variant="subtitle1">
              Live preview
            </Typography>
            {dirty && <Chip size="small" label="Not saved yet" />}
          </Box>
          <LandingPreview content={draft} />
        </Box>
      </Box>
    </PageFrame>
  );
}
