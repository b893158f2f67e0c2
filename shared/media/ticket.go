package media

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
)

// PostTTL is how long a presigned upload form stays valid.
const PostTTL = 15 * time.Minute

// Ticket is a presigned browser upload: POST multipart/form-data to URL with every field of
// Fields, then the file last as "file". The signed policy allows exactly Key, the Content-Type in
// Fields and 1..MaxSize bytes until ExpiresAt.
type Ticket struct {
	Key       string
	URL       string
	Method    string // always POST
	Fields    map[string]string
	MaxSize   int64
	ExpiresAt time.Time
}

// PresignPost validates what the browser says of its file (see Validate; refusals are
// failure.Fields errors) and signs an upload of it to a fresh key,
// uploads/<userID>/<kind>/<uuid><ext>, with the extension of its canonical content type.
func (s *Store) PresignPost(ctx context.Context, userID string, kind Kind, contentType string, size int64, filename string) (Ticket, error) {
	req, err := Validate(Request{Kind: kind, ContentType: contentType, Size: size, Filename: filename})
	if err != nil {
		return Ticket{}, err
	}
	if userID == "" {
		return Ticket{}, errors.New("presign upload: no user")
	}
	rule := rules[req.Kind]
	key := UserPrefix(userID, req.Kind) + uuid.NewString() + Ext(req.ContentType)
	out, err := s.presign.PresignPostObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: &key},
		func(o *s3.PresignPostOptions) {
			o.Expires = PostTTL
			o.Conditions = []any{
				map[string]string{"key": key},
				[]any{"eq", "$Content-Type", req.ContentType},
				[]any{"content-length-range", 1, rule.MaxSize},
			}
		})
	if err != nil {
		return Ticket{}, fmt.Errorf("presign upload %s: %w", key, err)
	}
	fields := maps.Clone(out.Values)
	fields["Content-Type"] = req.ContentType // the SDK leaves the policy's own fields to the caller
	return Ticket{
		Key: key, URL: out.URL, Method: "POST", Fields: fields, MaxSize: rule.MaxSize,
		ExpiresAt: policyExpiry(fields["policy"]),
	}, nil
}

// policyExpiry reads the expiration the SDK wrote into the signed policy, so the ticket states
// exactly what S3 will enforce.
func policyExpiry(policy string) time.Time {
	var doc struct {
		Expiration time.Time `json:"expiration"`
	}
	raw, err := base64.StdEncoding.DecodeString(policy)
	if err != nil || json.Unmarshal(raw, &doc) != nil || doc.Expiration.IsZero() {
		return time.Now().Add(PostTTL).UTC().Truncate(time.Second)
	}
	return doc.Expiration.UTC()
}
