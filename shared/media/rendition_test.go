package media_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/jpeg"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/cloudtest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

func TestRenditionKey_IsTheKeptKeyWithoutItsExtensionThenTheWidth(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		"media/u1/image/0190f3a3.png": "media/u1/image/0190f3a3.w160.jpg",
		"media/u1/image/0190f3a3.jpg": "media/u1/image/0190f3a3.w160.jpg",
		"media/u1/image/0190f3a3":     "media/u1/image/0190f3a3.w160.jpg",
	} {
		if got := media.RenditionKey(key, 160); got != want {
			t.Errorf("RenditionKey(%q) = %q, want %q", key, got, want)
		}
	}
}

// getObject reads key's bytes, Content-Type and Cache-Control.
func getObject(t *testing.T, c *cloudtest.Cloud, key string) ([]byte, string, string) {
	t.Helper()
	out, err := c.S3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(schema.Media.Name), Key: &key})
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer out.Body.Close()
	b, _ := io.ReadAll(out.Body)
	return b, aws.ToString(out.ContentType), aws.ToString(out.CacheControl)
}

// transparent is a w×h picture clear on its left half, the test card on its right.
func transparent(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	card := mediatest.Picture(w, h)
	for y := range h {
		for x := w / 2; x < w; x++ {
			img.Set(x, y, card.At(x, y))
		}
	}
	return img
}

func TestClaim_StoresJPEGRenditionsNoWiderThanThePictureAndAPlaceholder(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name          string
		upload        []byte
		ext, mimeType string
		width, height int   // of the kept picture
		widths        []int // of its renditions
	}{
		{"a wide PNG", mediatest.PNGOf(mediatest.Picture(1200, 600)), ".png", "image/png", 1200, 600, []int{160, 480, 960}},
		{"a tall JPEG", mediatest.JPEGOf(mediatest.Picture(500, 800)), ".jpg", "image/jpeg", 500, 800, []int{160, 480}},
		{"a PNG as wide as a rendition", mediatest.PNGOf(mediatest.Picture(480, 480)), ".png", "image/png", 480, 480, []int{160, 480}},
		{"a PNG larger than the largest kept side", mediatest.PNGOf(mediatest.Picture(3000, 1500)), ".png", "image/png", 2048, 1024, []int{160, 480, 960}},
		{"a transparent PNG", mediatest.PNGOf(transparent(320, 200)), ".png", "image/png", 320, 200, []int{160}},
		{"a JPEG narrower than every rendition", mediatest.JPEGOf(mediatest.Picture(120, 90)), ".jpg", "image/jpeg", 120, 90, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, store := newStore(t)
			put(t, c, "uploads/u1/image/a"+tc.ext, tc.mimeType, tc.upload)
			m, err := store.Claim(context.Background(), "u1", "uploads/u1/image/a"+tc.ext, media.Image)
			if err != nil || !m.OK() || !strings.HasSuffix(m.Key, tc.ext) {
				t.Fatalf("%+v %v", m, err)
			}
			if m.Width != tc.width || m.Height != tc.height || !slices.Equal(m.Renditions, tc.widths) {
				t.Errorf("%d×%d with renditions %v, want %d×%d with %v", m.Width, m.Height, m.Renditions, tc.width, tc.height, tc.widths)
			}
			want := append([]string{m.Key}, media.RenditionKeys(m.Key, tc.widths)...)
			if got := finals(t, c); !sameSet(got, want) {
				t.Errorf("stored %v, want %v", got, want)
			}
			for _, w := range tc.widths {
				key := media.RenditionKey(m.Key, w)
				b, ct, cache := getObject(t, c, key)
				img, err := jpeg.Decode(bytes.NewReader(b))
				if err != nil || ct != "image/jpeg" || cache != "public, max-age=31536000, immutable" {
					t.Fatalf("%s: %q, Cache-Control %q, decodes: %v", key, ct, cache, err)
				}
				if got, wantH := img.Bounds(), (tc.height*w+tc.width/2)/tc.width; got.Dx() != w || got.Dy() != wantH {
					t.Errorf("%s is %d×%d, want %d×%d", key, got.Dx(), got.Dy(), w, wantH)
				}
				if tc.name == "a transparent PNG" {
					if r, g, b, _ := img.At(2, 2).RGBA(); r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
						t.Errorf("the clear half of %s is %v, want white", key, img.At(2, 2))
					}
				}
			}
			checkPlaceholder(t, m)
		})
	}
}

// checkPlaceholder checks that m's placeholder is a small JPEG data URI at most
// PlaceholderSide pixels on its longer side, in m's proportions.
func checkPlaceholder(t *testing.T, m media.Meta) {
	t.Helper()
	data, ok := strings.CutPrefix(m.Placeholder, "data:image/jpeg;base64,")
	if !ok {
		t.Fatalf("placeholder %.40q is not a JPEG data URI", m.Placeholder)
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if max(b.Dx(), b.Dy()) != media.PlaceholderSide || (b.Dx() > b.Dy()) != (m.Width > m.Height) {
		t.Errorf("placeholder is %d×%d for a %d×%d picture", b.Dx(), b.Dy(), m.Width, m.Height)
	}
	if len(raw) > 800 || len(m.Placeholder) > 1100 {
		t.Errorf("placeholder is %d bytes (%d as a data URI)", len(raw), len(m.Placeholder))
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// refusing sends requests on to the edge, except PUTs of keys ending in suffix, which it
// answers as S3 answers a write it refuses, without sending them.
type refusing struct{ suffix string }

func (f refusing) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPut && strings.HasSuffix(r.URL.Path, f.suffix) {
		body := "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>"
		return &http.Response{
			StatusCode: http.StatusForbidden, Status: "403 Forbidden", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{"Content-Type": {"application/xml"}}, Body: io.NopCloser(strings.NewReader(body)),
			ContentLength: int64(len(body)), Request: r,
		}, nil
	}
	return http.DefaultTransport.RoundTrip(r)
}

func TestClaim_APictureWithARenditionThatCannotBeStoredLeavesNothing(t *testing.T) {
	t.Parallel()
	for _, suffix := range []string{".w480.jpg", ".w160.jpg", ".png"} {
		t.Run(suffix, func(t *testing.T) {
			c := cloudtest.Start(t)
			client := s3.NewFromConfig(c.Config, func(o *s3.Options) {
				o.UsePathStyle = true
				o.HTTPClient = &http.Client{Transport: refusing{suffix}}
			})
			store := media.NewStore(client, schema.Media.Name)
			put(t, c, "uploads/u1/image/a.png", "image/png", mediatest.PNGOf(mediatest.Picture(1000, 1000)))
			if m, err := store.Claim(context.Background(), "u1", "uploads/u1/image/a.png", media.Image); err == nil {
				t.Fatalf("claimed %+v though a write was refused", m)
			}
			if left := finals(t, c); len(left) != 0 {
				t.Errorf("a failed claim left %v", left)
			}
		})
	}
}

func TestPlaceholder_IsNeverLargerThanThePicture(t *testing.T) {
	t.Parallel()
	p, err := media.Placeholder(mediatest.Picture(4, 2))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(p, "data:image/jpeg;base64,"))
	c, err := jpeg.DecodeConfig(bytes.NewReader(raw))
	if err != nil || c.Width != 4 || c.Height != 2 {
		t.Errorf("placeholder of a 4×2 picture is %d×%d (%v)", c.Width, c.Height, err)
	}
}
