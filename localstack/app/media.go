package app

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha1" //nolint:gosec // CloudFront's canned policy is signed with RSA-SHA1
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
)

// mediaCacheControl is what media objects are served with when they carry no Cache-Control of
// their own (CloudFront's default TTL for them is a day as well).
const mediaCacheControl = "public, max-age=86400"

// publicMedia serves a public/ object to anyone, as CloudFront's /public/* behaviour does.
func (s *Site) publicMedia(w http.ResponseWriter, r *http.Request) {
	s.serveObject(w, r, strings.TrimPrefix(r.URL.Path, "/"))
}

// signedMedia serves a media/ object to a URL signed for it, as CloudFront's /media/* behaviour
// with its trusted key group does: anything else is 403.
func (s *Site) signedMedia(w http.ResponseWriter, r *http.Request) {
	if err := s.verifySigned(r); err != nil {
		w.Header().Set("Content-Type", "text/xml")
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>`+
			err.Error()+`</Message></Error>`)
		return
	}
	s.serveObject(w, r, strings.TrimPrefix(r.URL.Path, "/"))
}

// Parameters of a signed URL with a canned policy.
const (
	paramExpires   = "Expires"
	paramSignature = "Signature"
	paramKeyPairID = "Key-Pair-Id"
)

// verifySigned checks r's signed URL as CloudFront checks one with a canned policy: a key pair id
// of the trusted key group, an expiry not yet reached, and the signature (RSA-SHA1, base64 with
// + = / written - _ ~) over {"Statement":[{"Resource":<URL>,"Condition":{"DateLessThan":
// {"AWS:EpochTime":<Expires>}}}]}, where URL is the request's URL (scheme, host, path and any
// other query parameters, in order) without the three signing parameters.
func (s *Site) verifySigned(r *http.Request) error {
	var rest []string
	var expires, signature, keyID string
	for _, p := range strings.Split(r.URL.RawQuery, "&") {
		name, value, _ := strings.Cut(p, "=")
		switch name {
		case paramExpires:
			expires = value
		case paramSignature:
			signature = value
		case paramKeyPairID:
			keyID = value
		case "":
		default:
			rest = append(rest, p)
		}
	}
	if expires == "" || signature == "" || keyID == "" {
		return errors.New("missing Key-Pair-Id, Expires or Signature query parameter")
	}
	key := s.MediaKeys[keyID]
	if key == nil {
		return errors.New("unknown key pair id")
	}
	until, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return errors.New("invalid Expires")
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	if now().Unix() >= until {
		return errors.New("access denied")
	}
	sig, err := base64.StdEncoding.DecodeString(strings.NewReplacer("-", "+", "_", "=", "~", "/").Replace(signature))
	if err != nil {
		return errors.New("invalid Signature")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	resource := scheme + "://" + r.Host + r.URL.EscapedPath()
	if len(rest) > 0 {
		resource += "?" + strings.Join(rest, "&")
	}
	policy := `{"Statement":[{"Resource":"` + resource + `","Condition":{"DateLessThan":{"AWS:EpochTime":` + expires + `}}}]}`
	sum := sha1.Sum([]byte(policy)) //nolint:gosec // the algorithm CloudFront verifies
	if rsa.VerifyPKCS1v15(key, crypto.SHA1, sum[:], sig) != nil {
		return errors.New("access denied")
	}
	return nil
}

// serveObject streams an object of the bucket as CloudFront's S3 origin does: a Range is passed
// to S3 (206 with Content-Range; 416 for a range past the end), and the answer carries
// Accept-Ranges, Content-Length, ETag, Last-Modified and the object's Cache-Control (else
// mediaCacheControl); a matching If-None-Match is 304. HEAD reads only the object's metadata.
func (s *Site) serveObject(w http.ResponseWriter, r *http.Request, key string) {
	var (
		contentType, cacheControl, etag, contentRange *string
		length                                        *int64
		modified                                      *time.Time
		body                                          io.ReadCloser
		err                                           error
	)
	if r.Method == http.MethodHead {
		var out *s3.HeadObjectOutput
		if out, err = s.S3.HeadObject(r.Context(), &s3.HeadObjectInput{Bucket: &s.Bucket, Key: &key}); err == nil {
			contentType, cacheControl, etag, length, modified = out.ContentType, out.CacheControl, out.ETag, out.ContentLength, out.LastModified
		}
	} else {
		in := &s3.GetObjectInput{Bucket: &s.Bucket, Key: &key}
		if rg := r.Header.Get("Range"); rg != "" {
			in.Range = &rg
		}
		var out *s3.GetObjectOutput
		if out, err = s.S3.GetObject(r.Context(), in); err == nil {
			contentType, cacheControl, etag, length, modified = out.ContentType, out.CacheControl, out.ETag, out.ContentLength, out.LastModified
			contentRange, body = out.ContentRange, out.Body
			defer body.Close()
		}
	}
	var apiErr smithy.APIError
	switch {
	case err == nil:
	case errors.As(err, &apiErr) && (apiErr.ErrorCode() == "NoSuchKey" || apiErr.ErrorCode() == "NotFound"):
		http.NotFound(w, r)
		return
	case errors.As(err, &apiErr) && apiErr.ErrorCode() == "InvalidRange":
		w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
		return
	default:
		http.Error(w, "media unavailable", http.StatusBadGateway)
		return
	}
	h := w.Header()
	h.Set("Content-Type", aws.ToString(contentType))
	h.Set("Accept-Ranges", "bytes")
	h.Set("Cache-Control", mediaCacheControl)
	if cc := aws.ToString(cacheControl); cc != "" {
		h.Set("Cache-Control", cc)
	}
	if etag != nil {
		h.Set("ETag", *etag)
	}
	if modified != nil {
		h.Set("Last-Modified", modified.UTC().Format(http.TimeFormat))
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" && etag != nil && inm == *etag && contentRange == nil {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if length != nil {
		h.Set("Content-Length", strconv.FormatInt(*length, 10))
	}
	if contentRange != nil {
		h.Set("Content-Range", *contentRange)
		w.WriteHeader(http.StatusPartialContent)
	}
	if body != nil {
		_, _ = io.Copy(w, body)
	}
}
