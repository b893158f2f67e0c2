package media

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"path"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"zuum/shared/schema"
)

// FinalPrefixOf is the key prefix of userID's published media of kind: media/<userId>/<kind>/.
func FinalPrefixOf(userID string, kind Kind) string {
	return schema.FinalPrefix + userID + "/" + string(kind) + "/"
}

// Claim makes owner's upload at key, of kind, a file a post can use, at a fresh key under
// FinalPrefixOf(owner, kind) that no upload form can name, so the upload's form (valid
// for 15 minutes) cannot change what the post serves. Audio, video and a release's files
// (release_audio, cover_art) are copied there by S3, and the copy, not the upload, is judged
// with ExamineFile: what was checked is what is kept. An image is read, judged and re-encoded
// (see Reencode), and the new picture is what is kept, with its renditions beside it.
//
// The Meta it returns is ok with the new key (Key), type, size and duration, or rejected (with
// the upload's key and the reason) when key is not owner's upload of kind or its bytes do not
// pass; a rejected claim leaves no copy behind. It returns ErrNoObject when there is no upload,
// and AWS errors as they are. The upload itself is left as it is: the caller deletes it once
// a post points at the copy, and deletes the copy if no post ever does.
func (s *Store) Claim(ctx context.Context, owner, key string, kind Kind) (Meta, error) {
	if !OwnedBy(key, owner, kind) {
		return Meta{Key: key}.reject(fmt.Sprintf("the key is not one of the caller's %s uploads", kind)), nil
	}
	if kind == Image { // cover art is delivered to stores as it was uploaded, so it is copied
		return s.claimPicture(ctx, owner, key)
	}
	final := FinalPrefixOf(owner, kind) + uuid.NewString()
	if ext := strings.ToLower(path.Ext(key)); rules[kind].Accepts(TypeOfName(key)) {
		final += ext
	}
	_, err := s.s3.CopyObject(ctx, &s3.CopyObjectInput{
		Bucket: &s.bucket, Key: &final, CopySource: aws.String(copySource(s.bucket, key)),
	})
	if isNoSuchKey(err) {
		return Meta{}, ErrNoObject
	}
	if err != nil {
		return Meta{}, fmt.Errorf("copy %s: %w", key, err)
	}
	m, _, err := s.examineKey(ctx, final, kind)
	if err != nil || !m.OK() {
		s.Discard(ctx, "a copy that failed its check", final)
		if err != nil {
			return Meta{}, err
		}
		m.Key = key
	}
	return m, nil
}

// claimPicture judges the image upload at key and stores its re-encoded picture with its
// renditions (RenditionKey; widths in Meta.Renditions). The Meta it returns has the kept
// picture's width and height (turned upright and shrunk, as Reencode does) and its
// Placeholder. If any write fails, what was written is discarded.
func (s *Store) claimPicture(ctx context.Context, owner, key string) (Meta, error) {
	m, img, err := s.examineKey(ctx, key, Image)
	if err != nil || !m.OK() {
		return m, err
	}
	img = shrink(img, MaxImageSide)
	pic, err := encodePicture(img, m.ContentType)
	if err != nil {
		return Meta{}, err
	}
	rends, smallest, err := renditions(img)
	if err != nil {
		return Meta{}, err
	}
	placeholder, err := Placeholder(smallest)
	if err != nil {
		return Meta{}, err
	}
	final := FinalPrefixOf(owner, Image) + uuid.NewString() + pic.Ext
	var widths []int // nil when there are none, which a post stores as no attribute
	for _, r := range rends {
		widths = append(widths, r.width)
	}
	// Every write runs to its end, even after one has failed: a write abandoned halfway could
	// still land after the clean-up below, leaving an object nothing points at.
	var g errgroup.Group
	g.Go(func() error { return s.put(ctx, final, pic.Data, pic.ContentType, "") })
	for _, r := range rends {
		g.Go(func() error {
			return s.put(ctx, RenditionKey(final, r.width), r.data, "image/jpeg", RenditionCacheControl)
		})
	}
	if err := g.Wait(); err != nil {
		s.Discard(ctx, "a picture whose renditions were not all stored", append([]string{final}, RenditionKeys(final, widths)...)...)
		return Meta{}, fmt.Errorf("store picture of %s: %w", key, err)
	}
	b := img.Bounds()
	m.Key, m.Size, m.Width, m.Height = final, int64(len(pic.Data)), b.Dx(), b.Dy()
	m.Renditions, m.Placeholder = widths, placeholder
	return m, nil
}

// put writes data at key with its Content-Type and, unless "", its Cache-Control.
func (s *Store) put(ctx context.Context, key string, data []byte, contentType, cacheControl string) error {
	in := &s3.PutObjectInput{
		Bucket: &s.bucket, Key: &key, Body: bytes.NewReader(data),
		ContentType: &contentType, ContentLength: aws.Int64(int64(len(data))),
	}
	if cacheControl != "" {
		in.CacheControl = &cacheControl
	}
	if _, err := s.s3.PutObject(ctx, in); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

// copySource is CopyObject's source: the bucket and the key, URL-encoded segment by segment.
func copySource(bucket, key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return bucket + "/" + strings.Join(parts, "/")
}

// Discard deletes media keys that nothing will point at (copies made for a post that was not
// published, uploads a post has been made from). Failing to delete leaves an orphan that no
// post points at and no upload form can write, never a broken post, so it is logged rather
// than returned.
func (s *Store) Discard(ctx context.Context, why string, keys ...string) {
	if err := s.Delete(context.WithoutCancel(ctx), keys...); err != nil {
		slog.WarnContext(ctx, "media: could not delete "+why, "keys", keys, "err", err)
	}
}
