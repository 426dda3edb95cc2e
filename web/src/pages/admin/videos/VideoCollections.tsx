import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { MAX_COLLECTION_VIDEOS, videoCollectionTitle, videoDescription } from '@studio/rules';
import { useMemo, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import {
  AdminVideoCollectionsDocument,
  DeleteVideoCollectionDocument,
  SaveVideoCollectionDocument,
  type AdminVideoCollectionFragment,
} from './adminVideos.generated';

/** A video as a collection lists it. */
export interface CollectionVideo {
  id: string;
  title: string;
}

const collectionForm = z.object({
  title: videoCollectionTitle,
  description: videoDescription,
  videoIds: z.array(z.string()).max(MAX_COLLECTION_VIDEOS, `At most ${MAX_COLLECTION_VIDEOS} videos in a collection.`),
});
type CollectionValues = z.input<typeof collectionForm>;

/** Saves a collection; the list is read again, as its order and videos changed. */
function useSaveVideoCollection() {
  return useMutation(SaveVideoCollectionDocument, { refetchQueries: [AdminVideoCollectionsDocument], awaitRefetchQueries: true });
}

function useDeleteVideoCollection() {
  return useMutation(DeleteVideoCollectionDocument, { refetchQueries: [AdminVideoCollectionsDocument] });
}

/** The collection's videos in order: move one up or down, take it out, or add one of the library's. */
function OrderedVideos({ control, videos }: { control: Control<CollectionValues>; videos: readonly CollectionVideo[] }) {
  const { field, fieldState } = useController({ control, name: 'videoIds' });
  const byId = useMemo(() => new Map(videos.map((v) => [v.id, v])), [videos]);
  const ids = field.value.filter((id) => byId.has(id));
  const set = (next: string[]) => field.onChange(next);
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id);
    set(next);
  };
  const addable = videos.filter((v) => !ids.includes(v.id));
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        Videos, in the order members watch them
      </Typography>
      {ids.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          None yet: add the first below.
        </Typography>
      )}
      <Box
        component="ol"
        aria-label="Videos in this collection"
        sx={{ m: 0, mb: 1.5, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
      >
        {ids.map((id, i) => {
          const title = byId.get(id)!.title;
          return (
            <Box
              component="li"
              key={id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, pl: 1.5, pr: 0.5 }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: '1.5em' }}>
                {i + 1}.
              </Typography>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
              <IconButton size="small" aria-label={`Move ${title} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                <ArrowUpwardRounded fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Move ${title} down`} disabled={i === ids.length - 1} onClick={() => move(i, i + 1)}>
                <ArrowDownwardRounded fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Take ${title} out`} onClick={() => set(ids.filter((x) => x !== id))}>
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Autocomplete
        options={addable}
        value={null}
        onChange={(_e, video) => video && set([...ids, video.id])}
        getOptionLabel={(v) => v.title}
        noOptionsText={videos.length ? 'Every video is in it' : 'No videos in the library yet'}
        blurOnSelect
        renderInput={(params) => (
          <TextField {...params} label="Add a video" error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
        )}
      />
    </Box>
  );
}

function CollectionDialog({
  collection,
  videos,
  onClose,
}: {
  collection: AdminVideoCollectionFragment | null;
  videos: readonly CollectionVideo[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError } = useZodForm(collectionForm, {
    defaultValues: {
      title: collection?.collection.title ?? '',
      description: collection?.collection.description ?? '',
      videoIds: collection?.videoIds ?? [],
    },
  });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [save, { loading }] = useSaveVideoCollection();
  const submit = handleSubmit((values) =>
    attempt(async () => {
      await save({ variables: { input: { id: collection?.collection.id ?? null, ...values } } });
      toast({ title: 'Collection saved', description: `${values.title}: ${values.videoIds.length} videos.`, variant: 'success' });
      onClose();
    }),
  );
  return (
    <FormDialog
      title={collection ? `Edit “${collection.collection.title}”` : 'New collection'}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      submitLabel="Save collection"
    >
      <FormTextField control={control} name="title" label="Title" required placeholder="e.g. Lyra 1 in six lessons" />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <OrderedVideos control={control} videos={videos} />
    </FormDialog>
  );
}

/** /admin/videos' collections: ordered series of the library's videos ("Lyra 1 in six lessons"), shown on /videos. */
export function VideoCollections({ videos }: { videos: readonly CollectionVideo[] }) {
  const { data, loading, error, refetch } = useQuery(AdminVideoCollectionsDocument);
  const [editing, setEditing] = useState<AdminVideoCollectionFragment | 'new' | null>(null);
  const [remove] = useDeleteVideoCollection();
  const titles = new Map(videos.map((v) => [v.id, v.title]));
  const collections = data?.videoCollections;
  return (
    <Box component="section" aria-labelledby="collections-heading" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id="collections-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          Collections
        </Typography>
        <Button startIcon={<AddRounded />} onClick={() => setEditing('new')} disabled={!data}>
          New collection
        </Button>
      </Box>
      {error && <LoadErrorAlert error={error} fallback="The collections could not be loaded." onRetry={() => void refetch()} />}
      {loading && !collections && <Skeleton variant="rounded" height={72} />}
      {collections && collections.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No collections yet. A collection is an ordered series of videos members follow lesson by lesson on the library page.
        </Typography>
      )}
      {collections && collections.length > 0 && (
        <Box component="ul" aria-label="Collections" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {collections.map((c) => {
            const listed = c.videoIds.map((id) => titles.get(id)).filter(Boolean);
            return (
              <Card
                component="li"
                key={c.collection.id}
                variant="outlined"
                sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1, sm: 2 }, alignItems: 'flex-start' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{c.collection.title}</Typography>
                  {c.collection.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {c.collection.description}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {listed.length ? `${listed.length} videos: ${listed.join(' → ')}` : 'No videos yet: members do not see it.'}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
                  <Button size="small" onClick={() => setEditing(c)} aria-label={`Edit ${c.collection.title}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Delete ${c.collection.title}`}
                    onClick={() => {
                      if (window.confirm(`Delete the collection “${c.collection.title}”? Its videos stay in the library.`))
                        void remove({ variables: { id: c.collection.id } }).catch(() => undefined);
                    }}
                  >
                    Delete
                  </Button>
                </Box>
              </Card>
            );
          })}
        </Box>
      )}
      {editing && <CollectionDialog collection={editing === 'new' ? null : editing} videos={videos} onClose={() => setEditing(null)} />}
    </Box>
  );
}
