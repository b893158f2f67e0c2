// Package jobs is the jobs function: asynchronous work queued by the post route groups with
// shared/jobs (Lambda's asynchronous invoke, retried on error). Every job is idempotent, so a
// retry after a partial run finishes the work without doing any of it twice:
//   - post_created: every follower of the author gets one notification of the new post, whose
//     id is the post's id (a retry overwrites the copies it already wrote); then the listening
//     copies of an audio post's or a beat's audio, and of a beat's preview, are made with ffmpeg
//     and recorded on the post (listening.go). A transcode that fails fails the job, so Lambda
//     runs it again; the post plays its original audio meanwhile;
//   - post_deleted: the post's remaining comments, reactions and shares are purged and its media
//     objects and their catalog entries deleted;
//   - user_deleted: the account is marked deleted (if the request that queued it could not) and
//     erased (shared/rights).
package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"zuum/shared/failure"
	"zuum/shared/jobs"
	"zuum/shared/media"
	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/rights"
)

// Worker runs jobs.
type Worker struct {
	posts    *post.Store
	profiles *profile.Store
	notes    *notify.Store
	files    *media.Store
	catalog  *media.Catalog
	eraser   *rights.Eraser
	// ffmpeg makes listening copies (FFMPEG_PATH).
	ffmpeg media.FFmpeg
}

// New returns the worker.
func New(posts *post.Store, profiles *profile.Store, notes *notify.Store, files *media.Store, catalog *media.Catalog, eraser *rights.Eraser) *Worker {
	return &Worker{posts: posts, profiles: profiles, notes: notes, files: files, catalog: catalog, eraser: eraser}
}

// Handle runs the job in payload. An error makes Lambda run it again.
func (w *Worker) Handle(ctx context.Context, payload []byte) error {
	var j jobs.Job
	if err := json.Unmarshal(payload, &j); err != nil {
		// A payload that is not a job never will be: retrying cannot help.
		slog.ErrorContext(ctx, "drop malformed job", "err", err)
		return nil
	}
	switch j.Type {
	case jobs.PostCreated:
		return w.postCreated(ctx, j)
	case jobs.PostDeleted:
		return w.postDeleted(ctx, j)
	case jobs.UserDeleted:
		return w.userDeleted(ctx, j)
	default:
		slog.ErrorContext(ctx, "drop unknown job", "type", j.Type)
		return nil
	}
}

// postCreated tells the author's followers about the post, then makes its listening copies.
func (w *Worker) postCreated(ctx context.Context, j jobs.Job) error {
	p, err := w.posts.Get(ctx, j.PostID)
	if failure.Is(err, failure.NotFound) {
		return nil // deleted before its followers heard of it: nothing to tell
	}
	if err != nil {
		return err
	}
	if err := w.tellFollowers(ctx, p); err != nil {
		return err
	}
	return w.listening(ctx, p)
}

// tellFollowers notifies the followers of public post p's author.
func (w *Worker) tellFollowers(ctx context.Context, p post.Post) error {
	if !p.Public {
		return nil
	}
	author, err := w.profiles.Account(ctx, p.OwnerID)
	if failure.Is(err, failure.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	kind := notify.PostAudio
	if p.Kind == post.Video {
		kind = notify.PostVideo
	}
	n := notify.Notification{
		ID: p.ID, Kind: kind, ActorID: author.ID, ActorName: author.Username, ActorImage: author.Image,
		PostID: p.ID, PostType: string(p.Kind), Message: notify.PostMessage(author.Username, kind, p.Caption),
		CreatedAt: p.CreatedAt,
	}
	if err := w.notes.FanOut(ctx, author.ID, n); err != nil {
		return fmt.Errorf("fan out post %s: %w", p.ID, err)
	}
	return nil
}

// postDeleted removes what a deleted post leaves behind.
func (w *Worker) postDeleted(ctx context.Context, j jobs.Job) error {
	if err := w.posts.Purge(ctx, j.PostID); err != nil {
		return fmt.Errorf("purge post %s: %w", j.PostID, err)
	}
	if err := w.files.Delete(ctx, j.Media...); err != nil {
		return err
	}
	return w.catalog.Forget(ctx, j.Media...)
}

// userDeleted erases the account j.AuthorID, marking it deleted first when the request that
// queued the job did not get that far.
func (w *Worker) userDeleted(ctx context.Context, j jobs.Job) error {
	if err := w.eraser.MarkDeleted(ctx, j.AuthorID); err != nil {
		return fmt.Errorf("mark user %s deleted: %w", j.AuthorID, err)
	}
	if err := w.eraser.Erase(ctx, j.AuthorID); err != nil {
		return fmt.Errorf("erase user %s: %w", j.AuthorID, err)
	}
	return nil
}
