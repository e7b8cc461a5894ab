// The listing's photos: 1 to 10, chosen with a button, the camera or drag and drop,
// each uploaded at once with its own progress bar, then reordered (the first is the
// cover) or removed. Hidden inputs carry `img`, `images` and the picker's state.
import { ArrowLeft, ArrowRight, Camera, ImageOff, ImagePlus, RotateCcw, Star, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '#i18n';
import { MAX_PHOTOS } from '../../../common/constants.ts';
import { PHOTOS_FIELD, type PickedPhoto } from './form-data.ts';
import { ACCEPTED_TYPES, UploadFailure, checkFile, deleteUpload, thumbOf, uploadPhoto, type UploadError } from './upload.ts';

/** Uploads at a time: a phone on 4G does better finishing photos one after the other. */
const CONCURRENT_UPLOADS = 3;
const ACCEPT = ACCEPTED_TYPES.join(',');

type TileStatus = 'queued' | 'uploading' | 'done' | 'error';

interface Tile {
  id: string;
  status: TileStatus;
  /** 0..1 while uploading. */
  progress: number;
  /** Set once the server has the photo (or for the listing's existing photos). */
  photo: PickedPhoto | null;
  /** Object URL of the chosen file, shown until the page is left. */
  preview: string | null;
  file: File | null;
  error: UploadError | null;
}

let lastId = 0;
const newId = () => `photo-${++lastId}`;

const ERROR_TEXT: Record<UploadError, string> = {
  tooLarge: 'errorTooLarge',
  wrongType: 'errorType',
  session: 'errorSession',
  unverified: 'notVerified',
  limited: 'errorUploadLimited',
  storage: 'errorStorage',
  failed: 'errorUpload',
};

interface Props {
  initial: PickedPhoto[];
  /** A validation key (`validation` namespace) for the photos, from the schema or the server. */
  error?: string;
}

export function PhotoPicker({ initial, error }: Props) {
  const { t } = useTranslation(['productForm', 'validation']);
  const ids = useId();
  const [tiles, setTiles] = useState<Tile[]>(() =>
    initial.map((photo, index) => ({ id: `initial-${index}`, status: 'done', progress: 1, photo, preview: null, file: null, error: null })),
  );
  const [tooMany, setTooMany] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  /** Abort functions of the uploads in flight. */
  const requests = useRef(new Map<string, () => void>());
  /** Tiles removed while their upload was running: a late success deletes the file. */
  const removed = useRef(new Set<string>());
  const objectUrls = useRef(new Set<string>());
  /** Where the keyboard focus goes after a move or a removal. */
  const pendingFocus = useRef<{ id: string; action: string } | 'choose' | null>(null);

  // Starts queued uploads, a few at a time.
  useEffect(() => {
    const update = (id: string, patch: Partial<Tile>) => setTiles((current) => current.map((tile) => (tile.id === id ? { ...tile, ...patch } : tile)));
    const active = tiles.filter((tile) => tile.status === 'uploading').length;
    const next = tiles
      .filter((tile) => tile.status === 'queued' && tile.file && !requests.current.has(tile.id))
      .slice(0, Math.max(0, CONCURRENT_UPLOADS - active));
    for (const tile of next) {
      const { id } = tile;
      const { done, abort } = uploadPhoto(tile.file!, (progress) => update(id, { progress }));
      requests.current.set(id, abort);
      update(id, { status: 'uploading', progress: 0 });
      done.then(
        (image) => {
          requests.current.delete(id);
          if (removed.current.has(id)) {
            deleteUpload(image.key);
            return;
          }
          update(id, { status: 'done', progress: 1, photo: { url: image.url, key: image.key, thumb: thumbOf(image) } });
        },
        (failure: unknown) => {
          requests.current.delete(id);
          update(id, { status: 'error', error: failure instanceof UploadFailure ? failure.reason : 'failed' });
        },
      );
    }
  }, [tiles]);

  // Leaving the page stops the uploads and frees the previews.
  useEffect(() => {
    const inFlight = requests.current;
    const urls = objectUrls.current;
    return () => {
      for (const abort of inFlight.values()) abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  // Keeps the keyboard focus on the photo that moved (or nearby after a removal); after every render.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'choose') {
      chooseButton.current?.focus();
      return;
    }
    const tile = list.current?.querySelector<HTMLElement>(`[data-tile-id="${target.id}"]`);
    const button =
      tile?.querySelector<HTMLButtonElement>(`[data-action="${target.action}"]:not(:disabled)`) ??
      tile?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    button?.focus();
  });

  function addFiles(files: File[]) {
    if (files.length === 0) return;
    const room = Math.max(0, MAX_PHOTOS - tiles.length);
    const accepted = files.slice(0, room);
    setTooMany(files.length > accepted.length);
    const added = accepted.map((file): Tile => {
      const problem = checkFile(file);
      let preview: string | null = null;
      if (problem !== 'wrongType') {
        preview = URL.createObjectURL(file);
        objectUrls.current.add(preview);
      }
      return { id: newId(), status: problem ? 'error' : 'queued', progress: 0, photo: null, preview, file, error: problem };
    });
    setTiles((current) => [...current, ...added]);
  }

  function remove(tile: Tile, index: number) {
    const abort = requests.current.get(tile.id);
    if (abort) {
      removed.current.add(tile.id);
      abort();
    }
    if (tile.photo?.key) deleteUpload(tile.photo.key);
    const neighbour = tiles[index + 1] ?? tiles[index - 1];
    pendingFocus.current = neighbour ? { id: neighbour.id, action: 'remove' } : 'choose';
    setTiles((current) => current.filter((other) => other.id !== tile.id));
    setTooMany(false);
    setAnnouncement(t('removed'));
  }

  function move(index: number, to: number, action: string) {
    const tile = tiles[index];
    if (!tile || to < 0 || to >= tiles.length) return;
    pendingFocus.current = { id: tile.id, action };
    setTiles((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
    setAnnouncement(t('movedTo', { position: to + 1 }));
  }

  function retry(tile: Tile) {
    setTiles((current) => current.map((other) => (other.id === tile.id ? { ...other, status: 'queued', error: null, progress: 0 } : other)));
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files].filter((file) => !file.type || file.type.startsWith('image/')));
  }

  const ready = tiles.flatMap((tile) => (tile.status === 'done' && tile.photo ? [tile.photo] : []));
  const coverId = tiles.find((tile) => tile.status === 'done' && tile.photo)?.id;
  const pending = tiles.filter((tile) => tile.status === 'queued' || tile.status === 'uploading').length;
  const failed = tiles.filter((tile) => tile.status === 'error').length;
  const full = tiles.length >= MAX_PHOTOS;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  const iconButton =
    'inline-grid size-9 place-items-center rounded-lg text-ink hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent';

  return (
    <div className="space-y-4" data-photo-picker="" data-pending={pending} data-failed={failed} data-testid="photo-picker">
      <input type="hidden" name="img" value={ready[0]?.url ?? ''} />
      {ready.map((photo) => (
        <input key={photo.url} type="hidden" name="images" value={photo.url} />
      ))}
      <input type="hidden" name={PHOTOS_FIELD} value={JSON.stringify(ready)} />

      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
          {t('photos')}
        </h2>
        <span className="text-sm font-medium text-ink-muted tabular-nums" data-testid="photo-count">
          {t('photoCount', { count: tiles.length, max: MAX_PHOTOS })}
        </span>
      </div>
      <p id={hintId} className="-mt-2 text-sm text-ink-muted">
        {t('photosHint', { max: MAX_PHOTOS })}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger" data-testid="photo-error">
          {t(`validation:${error}`, { defaultValue: t('validation:invalidValue') })}
        </p>
      ) : null}

      {tiles.length > 0 ? (
        <ol ref={list} className="grid grid-cols-2 gap-3" aria-labelledby={`${ids}-title`}>
          {tiles.map((tile, index) => (
            <PhotoTile
              key={tile.id}
              tile={tile}
              index={index}
              total={tiles.length}
              isCover={tile.id === coverId}
              iconButton={iconButton}
              onEarlier={() => move(index, index - 1, 'earlier')}
              onLater={() => move(index, index + 1, 'later')}
              onCover={() => move(index, 0, 'earlier')}
              onRemove={() => remove(tile, index)}
              onRetry={() => retry(tile)}
            />
          ))}
        </ol>
      ) : null}

      {full ? null : (
        <div
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            if (!dragging) setDragging(true);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          data-testid="photo-dropzone"
          data-dragging={dragging}
          className={`flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-4 text-center transition-colors ${
            tiles.length === 0 ? 'min-h-48 py-6' : 'py-5'
          } ${dragging ? 'border-brand bg-brand-soft' : 'border-line bg-surface-sunken/60'}`}
        >
          <ImagePlus className="size-8 text-brand" aria-hidden="true" />
          <p className="text-sm font-medium text-ink">
            {dragging ? (
              t('dropNow')
            ) : (
              <>
                <span className="pointer-coarse:hidden">{t('dropHere')}</span>
                <span className="hidden pointer-coarse:inline">{t('addPhotos')}</span>
              </>
            )}
          </p>
          <div className="flex flex-wrap items-center justify-center gap-2">
            <button
              ref={chooseButton}
              type="button"
              onClick={() => fileInput.current?.click()}
              aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
              data-invalid={Boolean(error)}
              className="inline-flex items-center gap-2 rounded-xl bg-brand px-4 py-2.5 text-sm font-semibold text-on-brand hover:bg-brand-strong"
            >
              <ImagePlus className="size-4" aria-hidden="true" />
              {t('choosePhotos')}
            </button>
            <button
              type="button"
              onClick={() => cameraInput.current?.click()}
              className="hidden items-center gap-2 rounded-xl border border-line bg-surface-raised px-4 py-2.5 text-sm font-semibold text-ink hover:bg-surface-sunken pointer-coarse:inline-flex"
            >
              <Camera className="size-4" aria-hidden="true" />
              {t('takePhoto')}
            </button>
          </div>
        </div>
      )}
      {tooMany ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {t('tooMany', { max: MAX_PHOTOS })}
        </p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      {/* No `name`: files go to the upload endpoint, never with the form. */}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        multiple
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        data-testid="photo-input"
        onChange={(event) => {
          addFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <input
        ref={cameraInput}
        type="file"
        accept={ACCEPT}
        capture="environment"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        data-testid="camera-input"
        onChange={(event) => {
          addFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}

interface TileProps {
  tile: Tile;
  index: number;
  total: number;
  isCover: boolean;
  iconButton: string;
  onEarlier: () => void;
  onLater: () => void;
  onCover: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

function PhotoTile({ tile, index, total, isCover, iconButton, onEarlier, onLater, onCover, onRemove, onRetry }: TileProps) {
  const { t } = useTranslation('productForm');
  // A file the browser cannot show (not really an image) gets the placeholder instead.
  const [broken, setBroken] = useState(false);
  const src = broken ? null : (tile.preview ?? tile.photo?.thumb ?? null);
  const percent = Math.round(tile.progress * 100);
  const busy = tile.status === 'queued' || tile.status === 'uploading';
  const canRetry = tile.status === 'error' && tile.file !== null && (tile.error === 'failed' || tile.error === 'session');
  const label = t('photoLabel', { index: index + 1, total });
  return (
    <li
      data-tile-id={tile.id}
      data-testid="photo-tile"
      data-status={tile.status}
      data-url={tile.photo?.url ?? ''}
      aria-label={isCover ? `${label}, ${t('cover')}` : label}
      className={`overflow-hidden rounded-xl border bg-surface-raised shadow-sm ${tile.status === 'error' ? 'border-danger/60' : 'border-line'} ${
        index === 0 ? 'col-span-2' : ''
      }`}
    >
      <div className="relative h-48 bg-surface-sunken">
        {src ? (
          <img src={src} alt="" className={`size-full object-cover ${busy ? 'opacity-70' : ''}`} decoding="async" onError={() => setBroken(true)} />
        ) : (
          <div className="grid size-full place-items-center text-ink-muted">
            <ImageOff className="size-8" aria-hidden="true" />
          </div>
        )}
        <span className="absolute end-2 top-2 grid size-7 place-items-center rounded-full bg-black/60 text-xs font-semibold text-white tabular-nums" aria-hidden="true">
          {index + 1}
        </span>
        {isCover ? (
          <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-brand px-2.5 py-1 text-xs font-semibold text-on-brand shadow" data-testid="cover-badge">
            <Star className="size-3.5 fill-current" aria-hidden="true" />
            {t('cover')}
          </span>
        ) : null}
        {busy ? (
          <div className="absolute inset-x-0 bottom-0 space-y-1.5 bg-gradient-to-t from-black/75 to-transparent px-3 pt-6 pb-3">
            <p className="text-xs font-semibold text-white" aria-hidden="true">
              {tile.status === 'queued' ? t('waiting') : t('uploading', { percent })}
            </p>
            <div
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={tile.status === 'queued' ? t('waiting') : t('uploading', { percent })}
              className="h-1.5 overflow-hidden rounded-full bg-white/30"
            >
              <div className="h-full rounded-full bg-brand transition-[width] duration-200" style={{ width: `${percent}%` }} />
            </div>
          </div>
        ) : null}
        {tile.status === 'error' && tile.error ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/70 p-3 text-center">
            <p className="text-sm font-semibold text-white" role="alert">
              {t(ERROR_TEXT[tile.error])}
            </p>
            {canRetry ? (
              <button
                type="button"
                onClick={onRetry}
                data-action="retry"
                className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-neutral-900 hover:bg-neutral-200"
              >
                <RotateCcw className="size-4" aria-hidden="true" />
                {t('retry')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex items-center justify-between border-t border-line p-0.5">
        <div className="flex items-center">
          <button type="button" className={iconButton} onClick={onEarlier} disabled={index === 0} data-action="earlier" aria-label={`${t('moveEarlier')} (${label})`} title={t('moveEarlier')}>
            <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          </button>
          <button type="button" className={iconButton} onClick={onLater} disabled={index === total - 1} data-action="later" aria-label={`${t('moveLater')} (${label})`} title={t('moveLater')}>
            <ArrowRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          </button>
          {index > 0 ? (
            <button type="button" className={iconButton} onClick={onCover} data-action="cover" aria-label={`${t('makeCover')} (${label})`} title={t('makeCover')}>
              <Star className="size-5" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <button
          type="button"
          className={`${iconButton} text-danger hover:bg-danger-soft`}
          onClick={onRemove}
          data-action="remove"
          aria-label={`${t('remove')} (${label})`}
          title={t('remove')}
        >
          <Trash2 className="size-5" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
