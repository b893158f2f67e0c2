package posts_test

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/shared/jobs"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/post"
	"zuum/shared/schema"
)

// dropJobs is a jobs queue for posts made straight through the store: their fan-out is not
// what these tests look at.
type dropJobs struct{}

func (dropJobs) Send(context.Context, jobs.Job) error { return nil }

func TestLists_PageAcrossDaysByCursorAndByPageNumber(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	now := time.Date(2026, 10, 28, 20, 0, 0, 0, time.UTC)
	store := post.NewStore(post.Config{
		DB: dynamodb.NewFromConfig(w.app.Cloud.Config), Table: schema.Posts.Name, Users: schema.Users.Name,
		Files: media.NewStore(w.app.Cloud.S3, schema.Media.Name), Jobs: dropJobs{}, Now: func() time.Time { return now },
	})
	// Eleven posts ten hours apart: five days, two months.
	var want []string
	for i := range 11 {
		caption := fmt.Sprintf("post %02d", i)
		if _, err := store.Create(context.Background(), post.Draft{
			Kind: post.Audio, OwnerID: ada.ID, Caption: caption, Media: w.upload(ada.ID, media.Audio, mediatest.WAV(1)),
			Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
		}); err != nil {
			t.Fatal(err)
		}
		want = append([]string{caption}, want...)
		now = now.Add(10 * time.Hour)
	}
	for _, base := range []string{"/api/audio?limit=3", "/api/feed?tab=audio&limit=3", "/api/audio/user/" + ada.ID + "?limit=3"} {
		var got []string
		path := base
		for page := 1; ; page++ {
			captions, pg := list(t, bo, path)
			if pg["total"] != 11.0 || pg["totalPages"] != 4.0 || pg["currentPage"] != float64(page) || pg["hasPrev"] != (page > 1) || pg["hasNext"] != (page < 4) {
				t.Errorf("%s page %d: %v", base, page, pg)
			}
			if byNumber, _ := list(t, bo, fmt.Sprintf("%s&page=%d", base, page)); !reflect.DeepEqual(byNumber, captions) {
				t.Errorf("%s page %d by number %v, by cursor %v", base, page, byNumber, captions)
			}
			got = append(got, captions...)
			next, _ := pg["next"].(string)
			if next == "" {
				break
			}
			path = base + "&cursor=" + next
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s walked %v, want %v", base, got, want)
		}
	}
	r := bo.JSON("GET", "/api/audio?limit=50", nil)
	if r.Status != http.StatusOK || len(r.Body["posts"].([]any)) != 11 || r.Body["pagination"].(map[string]any)["next"] != nil {
		t.Errorf("one page of all: %d %s", r.Status, r.Raw)
	}
}
