package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"zuum/shared/media"
	"zuum/shared/post"
)

// listening makes the listening copies (media.MakeListening) of the audio post's or beat's
// audio and of a beat's preview, and records them on the post (post.Store.SetListening). It is
// idempotent: a post that has them is left alone, and a rerun writes the same copies again. A
// post deleted or changed meanwhile gets nothing, and the copies made for it are deleted.
//
// A failure is returned (the job runs again, as Lambda retries it): the post keeps playing its
// original audio, which every answer gives as before, and lists no copies until one run succeeds
// (or the backfill command, Backfill, makes them).
func (w *Worker) listening(ctx context.Context, p post.Post) error {
	if p.Kind != post.Audio && p.Kind != post.Beat || done(p) {
		return nil
	}
	made, err := w.files.MakeListening(ctx, p.Media, w.ffmpeg)
	if errors.Is(err, media.ErrNoObject) {
		return nil // deleted with its post
	}
	if err != nil {
		return fmt.Errorf("post %s: %w", p.ID, err)
	}
	keys := media.ListeningKeys(p.Media)
	var previewKey string
	var preview []int
	if p.Sale != nil && p.Sale.Preview != "" {
		previewKey = p.Sale.Preview
		if preview, err = w.files.MakeListening(ctx, previewKey, w.ffmpeg); err != nil {
			w.files.Discard(ctx, "listening copies of a beat whose preview's failed", keys...)
			return fmt.Errorf("post %s preview: %w", p.ID, err)
		}
		keys = append(keys, media.ListeningKeys(previewKey)...)
	}
	err = w.posts.SetListening(ctx, p.ID, p.Media, made, previewKey, preview)
	if errors.Is(err, post.ErrNotFound) {
		w.files.Discard(ctx, "listening copies of a post deleted meanwhile", keys...)
		return nil
	}
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "jobs: listening copies made", "post", p.ID, "kbps", made)
	return nil
}

// done reports whether p's listening copies are all recorded.
func done(p post.Post) bool {
	return len(p.Listening) > 0 && (p.Sale == nil || p.Sale.Preview == "" || len(p.Sale.Listening) > 0)
}
