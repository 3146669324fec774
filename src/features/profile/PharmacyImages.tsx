import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { formatDate } from '../../../domain/rules/format.ts';
import { MAX_PHARMACY_IMAGES, PHARMACY_IMAGE_MAX_MB } from '../../../domain/schemas/pharmacies.ts';
import { messageOf } from '../../api/http.ts';
import { pharmaciesApi, pharmacyKeys, type PharmacyImage, type PharmacyProfile } from '../../api/pharmacies.ts';
import { useImageObjectUrl } from '../../ui/useImageObjectUrl.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { ProfileCard, useProfileMutation } from './profileParts.tsx';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = PHARMACY_IMAGE_MAX_MB * 1024 * 1024;

function Thumbnail({ image, index, onDelete }: { image: PharmacyImage; index: number; onDelete: () => void }) {
  const { url, error } = useImageObjectUrl(image.imageUrl);
  const label = `Pharmacy photo ${index + 1}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-200">
      <div className="flex aspect-square items-center justify-center">
        {url ? (
          <img src={url} alt={label} className="h-full w-full object-cover" />
        ) : error ? (
          <span role="img" aria-label={`${label} could not load`} className="p-2 text-center text-xs text-error">
            Could not load: {error}
          </span>
        ) : (
          <span role="status" className="loading loading-spinner loading-sm" aria-label={`Loading ${label}`} />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-1 bg-base-100 px-2 py-1 text-xs">
        <span className="text-base-content/70">Added {formatDate(image.createdAt)}</span>
        <Button size="xs" variant="danger" buttonStyle="ghost" aria-label={`Delete ${label}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

export function PharmacyImages({ pharmacy }: { pharmacy: PharmacyProfile }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<{ image: PharmacyImage; index: number }>();
  const remove = useProfileMutation(
    pharmacyKeys.mine,
    (imageId: string) => pharmaciesApi.removeImage(pharmacy.id, imageId),
    'Image deleted.',
  );
  const images = pharmacy.images;
  const full = images.length >= MAX_PHARMACY_IMAGES;
  const uploading = progress !== null;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setError('Choose a JPEG, PNG or WebP image.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(`The image is larger than ${PHARMACY_IMAGE_MAX_MB} MB; choose a smaller one.`);
      return;
    }
    setError(undefined);
    setProgress(0);
    try {
      await pharmaciesApi.addImage(pharmacy.id, file, (p) => setProgress(p.fraction === null ? 0 : p.fraction * 100));
      setProgress(100);
      await queryClient.invalidateQueries({ queryKey: pharmacyKeys.mine });
      toast.success('Image uploaded.', { title: 'Success' });
    } catch (err) {
      setError(messageOf(err));
      toast.error(messageOf(err), { title: 'Error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <ProfileCard id="images-title" title="Images">
      <p className="text-sm text-base-content/70">
        {images.length} of {MAX_PHARMACY_IMAGES} photos.
      </p>
      {images.length === 0 ? (
        <p className="text-sm text-base-content/70">No photos yet. Upload the first one below.</p>
      ) : (
        <ul aria-label="Pharmacy photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {images.map((image, index) => (
            <Thumbnail key={image.id} image={image} index={index} onDelete={() => setDeleting({ image, index })} />
          ))}
        </ul>
      )}
      {full ? (
        <div role="note" className="alert alert-info alert-soft text-sm">
          A pharmacy can show at most {MAX_PHARMACY_IMAGES} photos. Delete one to upload another.
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Upload a photo
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED.join(',')}
            className={`file-input w-full sm:max-w-md ${error ? 'file-input-error' : ''}`}
            disabled={uploading}
            onChange={(e) => void upload(e)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          />
          <p id={hintId} className="text-xs text-base-content/70">
            JPEG, PNG or WebP, up to {PHARMACY_IMAGE_MAX_MB} MB.
          </p>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
      )}
      {uploading && (
        <div className="flex items-center gap-2 sm:max-w-md">
          <progress
            className="progress progress-primary w-full"
            value={Math.round(progress)}
            max={100}
            aria-label="Upload progress"
          />
          <span className="w-10 text-right text-sm tabular-nums" aria-live="polite">
            {Math.round(progress)}%
          </span>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this photo?"
        confirmLabel="Delete photo"
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.image.id, { onSettled: () => setDeleting(undefined) });
        }}
      >
        Photo {deleting ? deleting.index + 1 : ''} will be removed from your pharmacy&apos;s page.
      </ConfirmDialog>
    </ProfileCard>
  );
}
