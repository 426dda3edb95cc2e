import { useQuery } from '@apollo/client/react';
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
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, fieldErrorsOf } from '../../app/errors';
import { useToast } from '../../app/toast';
import { FEATURE_ICON_NAMES, FeatureIcon, loadFeatureIcons } from '../../components/FeatureIcon';
import { PageFrame } from '../../components/PageFrame';
import type { LandingConfigFragment } from '../landing/LandingView.generated';
import { LandingPageEditorDocument } from './landingCustomization.generated';
import { LandingView, type LandingContent } from '../landing/LandingView';
import { HEX, MAX_FEATURES, MAX_SOCIAL_LINKS, hasErrors, validateLanding, type LandingErrors } from './landingValidation';
import { useUpdateLandingPageConfig } from './useUpdateLandingPageConfig';

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
          <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
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

function ColorField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'Hex colour like #8B5CF6'}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`Pick ${label.toLowerCase()}`}
                value={HEX.test(value) ? value : '#000000'}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value.toUpperCase())}
                sx={{ width: 28, height: 28, p: 0, border: 0, borderRadius: '6px', bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
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
  const [draft, setDraft] = useState<LandingContent | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { toast } = useToast();
  const [save, { loading: saving }] = useUpdateLandingPageConfig();

  useEffect(() => {
    if (saved && !draft) setDraft(saved);
  }, [saved, draft]);
  useEffect(() => {
    void loadFeatureIcons();
  }, []);

  const errors: LandingErrors = useMemo(() => (draft ? validateLanding(draft) : {}), [draft]);
  const dirty = Boolean(draft && saved && JSON.stringify(draft) !== JSON.stringify(saved));

  if (error) {
    return (
      <PageFrame title="Landing Page">
        <Alert severity="error">{errorMessage(error, 'The landing page settings could not be loaded.')}</Alert>
      </PageFrame>
    );
  }
  if (loading || !draft) {
    return (
      <PageFrame title="Landing Page">
        <Skeleton variant="rounded" height={480} />
      </PageFrame>
    );
  }

  const set = <K extends keyof LandingContent>(key: K, value: LandingContent[K]) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    setServerErrors((s) => ({ ...s, [key]: '' }));
  };
  const shown = (key: keyof LandingContent): string | undefined =>
    serverErrors[key] || (showErrors ? (errors[key] as string | undefined) : undefined);
  const text = (key: keyof LandingContent, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      label={label}
      name={key}
      value={draft[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      error={Boolean(shown(key))}
      helperText={shown(key) ?? extra.helperText}
      {...extra}
    />
  );

  const setFeature = (i: number, patch: Partial<LandingContent['featuresContent'][number]>) =>
    set(
      'featuresContent',
      draft.featuresContent.map((f, j) => (j === i ? { ...f, ...patch } : f)),
    );
  const moveFeature = (i: number, by: number) => {
    const list = [...draft.featuresContent];
    const [f] = list.splice(i, 1);
    list.splice(i + by, 0, f);
    set('featuresContent', list);
  };
  const setSocial = (i: number, patch: Partial<LandingContent['socialLinks'][number]>) =>
    set(
      'socialLinks',
      draft.socialLinks.map((s, j) => (j === i ? { ...s, ...patch } : s)),
    );

  const submit = async () => {
    setShowErrors(true);
    setFormError(null);
    if (hasErrors(errors)) {
      toast({ title: 'Please check the form', description: 'Some fields need attention before saving.', variant: 'error' });
      return;
    }
    try {
      await save({ variables: { input: draft } });
      setDraft(null); // re-seeded from the saved configuration
      setShowErrors(false);
      toast({ title: 'Landing page saved', description: 'Your changes are live on the home page.', variant: 'success' });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setServerErrors(fields);
      setFormError(Object.keys(fields).length ? `Please correct: ${Object.values(fields).join(' ')}` : errorMessage(err));
    }
  };

  const iconOptions = FEATURE_ICON_NAMES;
  return (
    <PageFrame
      title="Landing Page"
      subtitle="Edit the public home page. The preview updates as you type; saving publishes it at once."
      actions={
        <>
          <Button component={RouterLink} to="/" target="_blank" endIcon={<OpenInNewRounded />}>
            View page
          </Button>
          <Button
            disabled={!dirty || saving}
            onClick={() => {
              setDraft(saved);
              setShowErrors(false);
              setServerErrors({});
            }}
          >
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
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(380px, 460px) 1fr' }, alignItems: 'start' }}>
        <Box
          component="form"
          noValidate
          aria-label="Landing page settings"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2.5 }}
        >
          <EditorSection
            id="announcement-title"
            title="Announcement banner"
            line="A short notice across the top of the page."
            aside={
              <FormControlLabel
                control={<Switch checked={draft.announcementEnabled} onChange={(e) => set('announcementEnabled', e.target.checked)} />}
                label="Show"
                labelPlacement="start"
              />
            }
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
              <ColorField
                label="Primary colour"
                value={draft.primaryColor}
                onChange={(v) => set('primaryColor', v)}
                error={shown('primaryColor')}
              />
              <ColorField
                label="Secondary colour"
                value={draft.secondaryColor}
                onChange={(v) => set('secondaryColor', v)}
                error={shown('secondaryColor')}
              />
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
                disabled={draft.featuresContent.length >= MAX_FEATURES}
                onClick={() => set('featuresContent', [...draft.featuresContent, { icon: 'star', title: '', description: '' }])}
              >
                Add
              </Button>
            }
          >
            {text('featuresTitle', 'Section title', { required: true })}
            {text('featuresSubtitle', 'Section subtitle')}
            {draft.featuresContent.map((f, i) => {
              const fe = showErrors ? errors.features?.[i] : undefined;
              return (
                <Box
                  key={i}
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
                          onClick={() => moveFeature(i, -1)}
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
                          disabled={i === draft.featuresContent.length - 1}
                          onClick={() => moveFeature(i, 1)}
                        >
                          <ArrowDownwardRounded fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Remove">
                      <IconButton
                        size="small"
                        aria-label={`Remove feature ${i + 1}`}
                        onClick={() =>
                          set(
                            'featuresContent',
                            draft.featuresContent.filter((_, j) => j !== i),
                          )
                        }
                      >
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '190px 1fr' } }}>
                    <TextField
                      select
                      label="Icon"
                      value={f.icon}
                      onChange={(e) => setFeature(i, { icon: e.target.value })}
                      error={Boolean(fe?.icon)}
                      helperText={fe?.icon}
                    >
                      {(iconOptions.includes(f.icon) ? iconOptions : [f.icon, ...iconOptions]).map((name) => (
                        <MenuItem key={name} value={name}>
                          <ListItemIcon sx={{ minWidth: 32, verticalAlign: 'middle' }}>
                            <FeatureIcon name={name} fontSize="small" />
                          </ListItemIcon>
                          {name.replace(/_/g, ' ')}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      label="Title"
                      value={f.title}
                      onChange={(e) => setFeature(i, { title: e.target.value })}
                      error={Boolean(fe?.title)}
                      helperText={fe?.title}
                    />
                  </Box>
                  <TextField
                    label="Description"
                    multiline
                    minRows={2}
                    value={f.description}
                    onChange={(e) => setFeature(i, { description: e.target.value })}
                    error={Boolean(fe?.description)}
                    helperText={fe?.description}
                  />
                </Box>
              );
            })}
          </EditorSection>

          <EditorSection
            id="social-editor-title"
            title="Social links"
            line="Shown in the footer."
            aside={
              <Button
                size="small"
                startIcon={<AddRounded />}
                disabled={draft.socialLinks.length >= MAX_SOCIAL_LINKS}
                onClick={() => set('socialLinks', [...draft.socialLinks, { label: '', url: 'https://' }])}
              >
                Add
              </Button>
            }
          >
            {draft.socialLinks.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                No social links.
              </Typography>
            )}
            {draft.socialLinks.map((s, i) => {
              const se = showErrors ? errors.social?.[i] : undefined;
              return (
                <Box
                  key={i}
                  role="group"
                  aria-label={`Social link ${i + 1}`}
                  sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr auto', sm: '140px 1fr auto' }, alignItems: 'start' }}
                >
                  <TextField
                    label="Label"
                    value={s.label}
                    onChange={(e) => setSocial(i, { label: e.target.value })}
                    error={Boolean(se?.label)}
                    helperText={se?.label}
                  />
                  <TextField
                    label="URL"
                    value={s.url}
                    onChange={(e) => setSocial(i, { url: e.target.value })}
                    error={Boolean(se?.url)}
                    helperText={se?.url}
                    sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                  />
                  <IconButton
                    aria-label={`Remove social link ${i + 1}`}
                    onClick={() =>
                      set(
                        'socialLinks',
                        draft.socialLinks.filter((_, j) => j !== i),
                      )
                    }
                    sx={{ mt: 1 }}
                  >
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

        <Box component="section" aria-labelledby="preview-title" sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
            <Typography id="preview-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Live preview
            </Typography>
            {dirty && <Chip size="small" label="Not saved yet" />}
          </Box>
          <ScaledPreview content={draft} />
        </Box>
      </Box>
    </PageFrame>
  );
}
