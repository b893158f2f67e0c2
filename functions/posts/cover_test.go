package posts_test

import (
	"bytes"
	"context"
	"image/jpeg"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// images lists the keys of owner's published pictures (covers and their renditions).
func (w *world) images(owner string) []string {
	w.t.Helper()
	out, err := w.app.Cloud.S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
		Bucket: aws.String(schema.Media.Name), Prefix: aws.String(media.FinalPrefixOf(owner, media.Image)),
	})
	if err != nil {
		w.t.Fatal(err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}

// load GETs a media URL from a post as a browser would, returning its body, type and caching.
func (w *world) load(u string) ([]byte, string, string) {
	w.t.Helper()
	if strings.HasPrefix(u, "/") { // a path on the app's own origin
		u = w.app.URL(u)
	}
	res, err := w.app.Server.Client().Get(u) // the app's TLS test server trusts its own client
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		w.t.Fatalf("GET %s: %d %s", u, res.StatusCode, b)
	}
	return b, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control")
}

func TestAudio_ACoversRenditionsAreRenderedSignedAndDeletedWithThePost(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada, bo := w.user("ada_sings"), w.user("bola")
	r := ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "Enugu Nights", "audio_upload": w.upload(ada.ID, media.Audio, mediatest.WAV(1)),
		"cover_photo": w.upload(ada.ID, media.Image, mediatest.PNGOf(mediatest.Picture(1000, 500))),
		"spotify":     "https://open.spotify.com/track/x",
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := r.Body["post"].(map[string]any)["id"].(string)
	bare := w.audio(ada, "no cover")
	if keys := w.images(ada.ID); len(keys) != 4 {
		t.Fatalf("stored pictures %v, want the cover and three renditions", keys)
	}
	for _, p := range []map[string]any{r.Body["post"].(map[string]any), bo.JSON("GET", "/api/audio/"+id, nil).Body["post"].(map[string]any)} {
		if p["cover_width"] != 1000.0 || p["cover_height"] != 500.0 || !strings.HasPrefix(p["cover_placeholder"].(string), "data:image/jpeg;base64,") {
			t.Errorf("cover %v×%v, placeholder %.30q", p["cover_width"], p["cover_height"], p["cover_placeholder"])
		}
		rends := p["cover_renditions"].([]any)
		if len(rends) != 3 {
			t.Fatalf("renditions %v", rends)
		}
		for i, want := range []int{160, 480, 960} {
			rd := rends[i].(map[string]any)
			if rd["width"] != float64(want) {
				t.Errorf("rendition %d is %v wide, want %d", i, rd["width"], want)
				continue
			}
			b, ct, cache := w.load(rd["url"].(string))
			img, err := jpeg.Decode(bytes.NewReader(b))
			if err != nil || ct != "image/jpeg" || cache != media.RenditionCacheControl || img.Bounds().Dx() != want || img.Bounds().Dy() != want/2 {
				t.Errorf("rendition %d: %q, Cache-Control %q, decodes %v", want, ct, cache, err)
			}
		}
	}
	feed := bo.JSON("GET", "/api/feed", nil).Body["posts"].([]any)
	if got := feed[1].(map[string]any)["cover_renditions"].([]any); len(got) != 3 {
		t.Errorf("the feed shows renditions %v", got)
	}
	if rends, ok := bare["cover_renditions"].([]any); !ok || len(rends) != 0 || bare["cover_width"] != 0.0 || bare["cover_placeholder"] != "" {
		t.Errorf("a post without a cover: renditions %#v, width %v, placeholder %q", bare["cover_renditions"], bare["cover_width"], bare["cover_placeholder"])
	}

	refusal(t, "delete", ada.JSON("DELETE", "/api/audio/"+id, nil), http.StatusOK, "Post deleted.", nil)
	w.app.NoFailedEvents(t) // the clean-up job ran
	if keys := w.images(ada.ID); len(keys) != 0 {
		t.Errorf("deleting the post left %v", keys)
	}
}
