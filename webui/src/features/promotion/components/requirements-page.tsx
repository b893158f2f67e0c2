import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Form, FormAlert, FormCheckbox, FormFieldError, FormTextArea, FormTextField, showServerError, useSchemaForm } from '@/components/form/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toApiError } from '@/lib/api-client';
import { checkFile } from '@/features/upload/api/file-rules';
import { uploadFiles, type UploadItem } from '@/features/upload/api/upload-file';
import { FormFileField } from '@/features/upload/components/upload-form';
import { createPromotionRequest, requestErrorText } from '../api/create-request';
import { PLATFORMS, REQUEST_TYPES, emptyRequestForm, requestFormSchema, togglePlatform, type RequestForm, type RequestType, type RequestValues } from '../api/request-form';
import { uploadFailureText } from '../api/upload-failure';
import './promotion.css';

type Files = { image: File | null; video: File | null };

async function submit(values: RequestValues & { promotionType: RequestType }, files: Files) {
  const items: UploadItem[] = [];
  if (files.image) items.push({ kind: 'image', file: files.image });
  if (files.video) items.push({ kind: 'video', file: files.video });
  const keys = items.length ? await uploadFiles(items, () => {}) : [];
  const byKind = Object.fromEntries(items.map((item, i) => [item.kind, keys[i]]));
  return createPromotionRequest(values, {
    ...(byKind.image && { imageFile: byKind.image }),
    ...(byKind.video && { videoFile: byKind.video }),
  });
}

/** /req, Promotion Requirements (spec part 2 §2, §5): the request is stored for the promotion team. */
export function RequirementsPage() {
  const form = useSchemaForm<RequestForm>(requestFormSchema, emptyRequestForm);
  const send = useMutation({
    mutationFn: ({ image, video, ...values }: RequestForm & { promotionType: RequestType }) => submit(values, { image, video }),
    // The server's field errors (the same messages) go on the fields they name.
    onError: (error) => showServerError(form, uploadFailureText(error) ?? requestErrorText(error), toApiError(error).fieldErrors),
  });
  const [promotionType, selectedPlatforms] = useWatch({ control: form.control, name: ['promotionType', 'selectedPlatforms'] });

  const onSubmit = (values: RequestForm) => {
    if (values.promotionType) send.mutate({ ...values, promotionType: values.promotionType });
  };

  const pickType = (type: RequestType) => {
    form.setValue('promotionType', type);
    form.setValue('selectedPlatforms', []);
    form.clearErrors('promotionType');
  };

  if (send.isSuccess) {
    return (
      <div className="promo-page">
        <h1>Promotion Requirements</h1>
        <Alert tone="success">Your promotion request has been submitted. Our team will contact you.</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(emptyRequestForm);
            send.reset();
          }}
        >
          Submit another request
        </Button>
      </div>
    );
  }

  const platforms = promotionType ? PLATFORMS[promotionType] : [];
  const busy = send.isPending;
  return (
    <div className="promo-page">
      <h1>Promotion Requirements</h1>
      <Form form={form} onSubmit={onSubmit} className="promo-form" aria-label="Promotion Requirements">
        <fieldset>
          <legend>Promotion type</legend>
          <div className="chips">
            {REQUEST_TYPES.map((t) => (
              <button key={t.value} type="button" className="chip" aria-pressed={promotionType === t.value} onClick={() => pickType(t.value)}>
                {t.label}
              </button>
            ))}
          </div>
          <FormFieldError name="promotionType" />
        </fieldset>

        {platforms.length > 0 && (
          <fieldset>
            <legend>Platforms (required)</legend>
            <div className="chips">
              {platforms.map((p) => (
                <button key={p} type="button" className="chip" aria-pressed={selectedPlatforms.includes(p)} onClick={() => form.setValue('selectedPlatforms', togglePlatform(selectedPlatforms, p))}>
                  {p}
                </button>
              ))}
            </div>
          </fieldset>
        )}

        <fieldset>
          <legend>Content</legend>
          <FormTextField name="contentLink" label="Content link" type="url" />
          <FormTextField name="contentTitle" label="Title" />
          <FormTextArea name="contentDescription" label="Description" />
          <FormFileField name="image" label="Image" kind="image" check={(file) => checkFile('image', file)} disabled={busy} />
          <FormFileField name="video" label="Video" kind="video" check={(file) => checkFile('video', file)} disabled={busy} />
          <FormTextArea name="biography" label="Biography" />
          <FormTextField name="targetCountries" label="Target countries" />
          <FormTextField name="preferredDates" label="Preferred dates" />
        </fieldset>

        <fieldset>
          <legend>Contact</legend>
          <FormTextField name="contactName" label="Name" />
          <FormTextField name="contactEmail" label="Email" type="email" />
          <FormTextField name="contactPhone" label="Phone" type="tel" />
          <FormTextField name="company" label="Company" />
        </fieldset>

        <FormCheckbox name="agreeTerms">I agree to the terms and conditions</FormCheckbox>

        <FormAlert />
        <Button type="submit" block disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Promotion Request'}
        </Button>
      </Form>
    </div>
  );
}
