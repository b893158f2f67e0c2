/** Upload progress of every file of the post, as a bar and a whole percent. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="upload-progress">
      <div className="upload-progress-label">
        <span id="upload-progress-label">Upload progress</span>
        <span aria-live="polite">{percent}%</span>
      </div>
      <progress aria-labelledby="upload-progress-label" max={100} value={percent} />
    </div>
  );
}
