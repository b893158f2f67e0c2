import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, FormTextField, useSchemaForm } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import {
  addTag,
  emptyVideoUpload,
  useUploadVideoPost,
  videoFormSchema,
  videoUploadFailure,
  type CheckedVideoForm,
} from '../api/create-video-post';
import { checkFile } from '../api/file-rules';
import { CoverPhotoField, FormFileField, UploadFooter, markFields, type UploadResult } from './upload-form';
import './upload.css';

/** /addvideo: a short video with caption, location, visibility and tagged people. */
export function VideoUploadPage() {
  const navigate = useNavigate();
  const upload = useUploadVideoPost();
  const switchHint = useId();
  const form = useSchemaForm(videoFormSchema, emptyVideoUpload);
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<UploadResult | null>(null);
  const tags = form.watch('tagged_people');
  const isPublic = form.watch('public');

  const setTags = (next: string[]) => {
    form.setValue('tagged_people', next);
    form.clearErrors('tagged_people');
  };

  const commitTag = () => {
    const added = addTag(tags, tagInput);
    setTagError(added.error);
    if (added.error) return;
    setTags(added.tags);
    setTagInput('');
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ',') return;
    event.preventDefault();
    commitTag();
  };

  const onSubmit = (values: CheckedVideoForm) => {
    if (upload.isPending || !values.video_upload) return;
    // A tag typed but not added yet still counts.
    const submitted = { ...values, tagged_people: addTag(values.tagged_people, tagInput).tags };
    form.setValue('tagged_people', submitted.tagged_people);
    setTagInput('');
    setFailure(null);
    setProgress(0);
    upload.mutate(
      { values: submitted, video: values.video_upload, cover: values.cover_photo, onProgress: setProgress },
      {
        // Spec part 2 §2: after a video upload the user goes to /home at once.
        onSuccess: () => navigate(paths.home),
        onError: (error) => {
          const result = videoUploadFailure(error);
          markFields(form, result.fields);
          setFailure({ tone: 'error', text: result.text, detail: result.detail });
          setProgress(null);
        },
      },
    );
  };

  const busy = upload.isPending;
  return (
    <section className="upload-page">
      <h1>Upload a short video</h1>
      <Form form={form} onSubmit={onSubmit} className="upload-form">
        <FormTextField name="caption" label="Caption" disabled={busy} />
        <FormTextField name="location" label="Location" disabled={busy} />
        <div className="switch-row">
          <label>
            <input type="checkbox" role="switch" disabled={busy} aria-describedby={switchHint} {...form.register('public')} />
            Public
          </label>
          <span id={switchHint} className="muted" aria-live="polite">
            {isPublic ? 'Public: anyone can watch this video' : 'Private: only you can watch this video'}
          </span>
        </div>
        <div className="tag-row">
          <TextField
            label="Tag people"
            value={tagInput}
            error={tagError ?? (form.formState.errors.tagged_people?.message as string | undefined)}
            disabled={busy}
            onChange={(e) => {
              setTagInput(e.target.value);
              setTagError(undefined);
            }}
            onKeyDown={onTagKey}
          />
          <Button variant="secondary" onClick={commitTag} disabled={busy}>
            Add tag
          </Button>
        </div>
        {tags.length > 0 && (
          <ul className="tag-list" aria-label="Tagged people">
            {tags.map((tag) => (
              <li key={tag}>
                {tag}
                <button type="button" aria-label={`Remove ${tag}`} disabled={busy} onClick={() => setTags(tags.filter((t) => t !== tag))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <FormFileField
          name="video_upload"
          label="Video File"
          kind="video"
          check={(file) => checkFile('video', file)}
          hint="MP4, MOV or AVI, less than 50MB."
          disabled={busy}
        />
        <CoverPhotoField hint="Optional. JPEG or PNG, less than 5MB." disabled={busy} />
        <UploadFooter progress={progress} result={failure} busy={busy} label="Upload" />
      </Form>
    </section>
  );
}
