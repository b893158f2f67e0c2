import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import {
  addTag,
  emptyVideoForm,
  useUploadVideoPost,
  validateVideoForm,
  videoUploadFailure,
  type VideoFormErrors,
  type VideoFormValues,
} from '../api/create-video-post';
import { checkFile } from '../api/file-rules';
import { FileField } from './file-field';
import { UploadProgress } from './upload-progress';
import './upload.css';

type Failure = { text: string; detail?: string };

/** /addvideo: a short video with caption, location, visibility and tagged people. */
export function VideoUploadPage() {
  const navigate = useNavigate();
  const upload = useUploadVideoPost();
  const switchHint = useId();
  const [values, setValues] = useState<VideoFormValues>(emptyVideoForm);
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | undefined>();
  const [video, setVideo] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<VideoFormErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const set = <K extends keyof VideoFormValues>(field: K, value: VideoFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field as keyof VideoFormErrors]: _cleared, ...rest }) => rest);
  };

  const pick = (field: 'video_upload' | 'cover_photo') => (file: File | null) => {
    const check = file ? checkFile(field === 'video_upload' ? 'video' : 'image', file) : null;
    const keep = check?.ok ? file : null;
    (field === 'video_upload' ? setVideo : setCover)(keep);
    setErrors(({ [field]: _cleared, ...rest }) => (check && !check.ok ? { ...rest, [field]: check.error } : rest));
    return keep !== null;
  };

  const commitTag = () => {
    const added = addTag(values.tagged_people, tagInput);
    setTagError(added.error);
    if (added.error) return;
    set('tagged_people', added.tags);
    setTagInput('');
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ',') return;
    event.preventDefault();
    commitTag();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    // A tag typed but not added yet still counts.
    const tags = addTag(values.tagged_people, tagInput).tags;
    const checked = validateVideoForm(values, video);
    const fileErrors = Object.fromEntries(
      Object.entries({ video_upload: errors.video_upload, cover_photo: errors.cover_photo }).filter(([, v]) => v),
    );
    const merged = { ...checked, ...fileErrors };
    setErrors(merged);
    if (Object.keys(merged).length > 0 || !video) return;
    setFailure(null);
    setProgress(0);
    const submitted = { ...values, tagged_people: tags };
    setValues(submitted);
    setTagInput('');
    upload.mutate(
      { values: submitted, video, cover, onProgress: setProgress },
      {
        // Spec part 2 §2: after a video upload the user goes to /home at once.
        onSuccess: () => navigate(paths.home),
        onError: (error) => {
          const result = videoUploadFailure(error);
          setErrors((e) => ({ ...e, ...result.fields }));
          setFailure({ text: result.text, detail: result.detail });
          setProgress(null);
        },
      },
    );
  };

  const busy = upload.isPending;
  return (
    <section className="upload-page">
      <h1>Upload a short video</h1>
      <form className="upload-form" onSubmit={onSubmit} noValidate>
        <TextField label="Caption" value={values.caption} error={errors.caption} disabled={busy} onChange={(e) => set('caption', e.target.value)} />
        <TextField label="Location" value={values.location} disabled={busy} onChange={(e) => set('location', e.target.value)} />
        <div className="switch-row">
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={values.public}
              disabled={busy}
              aria-describedby={switchHint}
              onChange={(e) => set('public', e.target.checked)}
            />
            Public
          </label>
          <span id={switchHint} className="muted" aria-live="polite">
            {values.public ? 'Public: anyone can watch this video' : 'Private: only you can watch this video'}
          </span>
        </div>
        <div className="tag-row">
          <TextField
            label="Tag people"
            value={tagInput}
            error={tagError ?? errors.tagged_people}
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
        {values.tagged_people.length > 0 && (
          <ul className="tag-list" aria-label="Tagged people">
            {values.tagged_people.map((tag) => (
              <li key={tag}>
                {tag}
                <button
                  type="button"
                  aria-label={`Remove ${tag}`}
                  disabled={busy}
                  onClick={() => set('tagged_people', values.tagged_people.filter((t) => t !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <FileField
          label="Video File"
          kind="video"
          file={video}
          error={errors.video_upload}
          hint="MP4, MOV or AVI, less than 50MB."
          disabled={busy}
          onPick={pick('video_upload')}
        />
        <FileField
          label="Cover Photo"
          kind="image"
          file={cover}
          error={errors.cover_photo}
          hint="Optional. JPEG or PNG, less than 5MB."
          disabled={busy}
          onPick={pick('cover_photo')}
        />
        {progress !== null && <UploadProgress percent={progress} />}
        {failure && (
          <Alert>
            {failure.text}
            {failure.detail && <span className="alert-detail">{failure.detail}</span>}
          </Alert>
        )}
        <Button type="submit" block disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </form>
    </section>
  );
}
