package edge

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// SigV4 as S3 checks it: https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html

const (
	sigV4Algorithm  = "AWS4-HMAC-SHA256"
	amzDateLayout   = "20060102T150405Z"
	unsignedPayload = "UNSIGNED-PAYLOAD"
	maxPresignTTL   = 7 * 24 * 60 * 60 // seconds: a presigned URL lives at most a week
)

// credential is a parsed SigV4 credential, "AKID/20260101/us-east-1/s3/aws4_request".
type credential struct {
	accessKey, date, region, service string
}

func parseCredential(s string) (credential, bool) {
	p := strings.Split(s, "/")
	if len(p) != 5 || p[0] == "" || len(p[1]) != 8 || p[2] == "" || p[3] == "" || p[4] != "aws4_request" {
		return credential{}, false
	}
	return credential{p[0], p[1], p[2], p[3]}, true
}

func (c credential) scope() string {
	return c.date + "/" + c.region + "/" + c.service + "/aws4_request"
}

// secretFor returns the secret of an access key the edge accepts.
func (e *Edge) secretFor(accessKey string) (string, *s3Error) {
	secret, ok := e.credentials[accessKey]
	if !ok {
		return "", unknownAccessKey(accessKey)
	}
	return secret, nil
}

// signingKey derives the SigV4 key for a credential scope.
func signingKey(secret string, c credential) []byte {
	k := hmacSHA256([]byte("AWS4"+secret), c.date)
	k = hmacSHA256(k, c.region)
	k = hmacSHA256(k, c.service)
	return hmacSHA256(k, "aws4_request")
}

func hmacSHA256(key []byte, data string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(data))
	return h.Sum(nil)
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// signedRequest is what a SigV4 signature covers, gathered from a request.
type signedRequest struct {
	cred          credential
	amzDate       string
	signedHeaders string
	payloadHash   string
	signature     string
	skipQuery     string // the query parameter that carries the signature, left out of it
}

// verify recomputes the signature of r and compares it with the one provided.
func (e *Edge) verify(r *http.Request, s signedRequest) *s3Error {
	secret, err := e.secretFor(s.cred.accessKey)
	if err != nil {
		return err
	}
	key := signingKey(secret, s.cred)
	query := canonicalQuery(r.URL.RawQuery, s.skipQuery)
	headers := canonicalHeaders(r, s.signedHeaders)
	var stringToSign, canonical string
	// The canonical URI is the path as S3 encodes it; a client that escaped it another way
	// (legal, if unusual) signed the path exactly as sent.
	for _, path := range uniq(encodePath(r.URL.Path), r.URL.EscapedPath()) {
		canonical = strings.Join([]string{r.Method, path, query, headers, s.signedHeaders, s.payloadHash}, "\n")
		stringToSign = strings.Join([]string{sigV4Algorithm, s.amzDate, s.cred.scope(), sha256Hex(canonical)}, "\n")
		want := hex.EncodeToString(hmacSHA256(key, stringToSign))
		if hmac.Equal([]byte(want), []byte(strings.ToLower(s.signature))) {
			return nil
		}
	}
	return signatureMismatch(s.cred.accessKey, stringToSign, s.signature, canonical)
}

func uniq(a, b string) []string {
	if a == b {
		return []string{a}
	}
	return []string{a, b}
}

// verifyPresigned checks a presigned URL (SigV4 query parameters): its form, its signature, and
// that it has not expired.
func (e *Edge) verifyPresigned(r *http.Request) *s3Error {
	q := r.URL.Query()
	if alg := q.Get("X-Amz-Algorithm"); alg != sigV4Algorithm {
		return queryParamsError(`X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"`)
	}
	cred, ok := parseCredential(q.Get("X-Amz-Credential"))
	if !ok {
		return queryParamsError("Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting \"<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request\".")
	}
	amzDate := q.Get("X-Amz-Date")
	signedAt, err := time.Parse(amzDateLayout, amzDate)
	if err != nil {
		return queryParamsError("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"")
	}
	expires, err := strconv.Atoi(q.Get("X-Amz-Expires"))
	switch {
	case err != nil:
		return queryParamsError("X-Amz-Expires should be a number")
	case expires < 0:
		return queryParamsError("X-Amz-Expires must be non-negative")
	case expires > maxPresignTTL:
		return queryParamsError("X-Amz-Expires must be less than a week (in seconds) that is 604800")
	}
	if cred.date != signedAt.Format("20060102") {
		return queryParamsError("Invalid credential date. Date is not the same as X-Amz-Date.")
	}
	signedHeaders, signature := q.Get("X-Amz-SignedHeaders"), q.Get("X-Amz-Signature")
	if signedHeaders == "" || signature == "" {
		return queryParamsError("Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.")
	}
	payload := unsignedPayload
	if h := q.Get("X-Amz-Content-Sha256"); h != "" {
		payload = h
	}
	if err := e.verify(r, signedRequest{
		cred: cred, amzDate: amzDate, signedHeaders: signedHeaders, payloadHash: payload,
		signature: signature, skipQuery: "X-Amz-Signature",
	}); err != nil {
		return err
	}
	now := e.now().UTC()
	if expiry := signedAt.Add(time.Duration(expires) * time.Second); now.After(expiry) {
		return accessDenied("Request has expired").with("X-Amz-Expires", strconv.Itoa(expires)).
			with("Expires", expiry.Format("2006-01-02T15:04:05Z")).with("ServerTime", now.Format("2006-01-02T15:04:05Z"))
	}
	return nil
}

func queryParamsError(msg string) *s3Error {
	return &s3Error{http.StatusBadRequest, "AuthorizationQueryParametersError", msg, nil}
}

func headerMalformed(msg string) *s3Error {
	return &s3Error{http.StatusBadRequest, "AuthorizationHeaderMalformed", "The authorization header is malformed; " + msg, nil}
}

var authParam = regexp.MustCompile(`(Credential|SignedHeaders|Signature)=([^,\s]*)`)

// verifyAuthorization checks a request signed in its Authorization header, as the SDK clients
// sign. When the payload hash is a real SHA-256, r.Body is wrapped so that a body that does not
// match it fails the request when read to its end (trip records why).
func (e *Edge) verifyAuthorization(r *http.Request, trip *tripwire) *s3Error {
	auth := r.Header.Get("Authorization")
	alg, params, _ := strings.Cut(auth, " ")
	if alg != sigV4Algorithm {
		return &s3Error{http.StatusBadRequest, "InvalidRequest",
			"The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.", nil}
	}
	found := map[string]string{}
	for _, m := range authParam.FindAllStringSubmatch(params, -1) {
		found[m[1]] = m[2]
	}
	cred, ok := parseCredential(found["Credential"])
	if !ok {
		return headerMalformed("the Credential is mal-formed; expecting \"<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request\".")
	}
	if found["SignedHeaders"] == "" || found["Signature"] == "" {
		return headerMalformed("it must contain Credential, SignedHeaders and Signature.")
	}
	amzDate := r.Header.Get("X-Amz-Date")
	if amzDate == "" {
		t, err := http.ParseTime(r.Header.Get("Date"))
		if err != nil {
			return accessDenied("AWS authentication requires a valid Date or x-amz-date header")
		}
		amzDate = t.UTC().Format(amzDateLayout)
	}
	if !strings.HasPrefix(amzDate, cred.date) {
		return headerMalformed("Invalid credential date. Date is not the same as X-Amz-Date.")
	}
	payload := r.Header.Get("X-Amz-Content-Sha256")
	switch {
	case payload == "":
		return &s3Error{http.StatusBadRequest, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256", nil}
	case isSHA256Hex(payload):
	case payload == unsignedPayload || strings.HasPrefix(payload, "STREAMING-"):
	default:
		return invalidArgument("x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER, " +
			"STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER, " +
			"STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD, STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD-TRAILER or a valid sha256 value.")
	}
	if err := e.verify(r, signedRequest{
		cred: cred, amzDate: amzDate, signedHeaders: found["SignedHeaders"], payloadHash: payload,
		signature: found["Signature"],
	}); err != nil {
		return err
	}
	if isSHA256Hex(payload) && r.Body != nil && r.Body != http.NoBody {
		r.Body = &verifiedBody{ReadCloser: r.Body, want: strings.ToLower(payload), sum: sha256.New(), trip: trip}
	}
	return nil
}

func isSHA256Hex(s string) bool {
	if len(s) != sha256.Size*2 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// tripwire records why the edge failed a request while S3 was already handling it (a body that
// does not match its signed hash, a POST file outside its policy's size range), so the edge can
// answer that instead of whatever S3 made of the broken read.
type tripwire struct{ err *s3Error }

// errTripped is what a guarded body returns to S3 once the tripwire is set.
var errTripped = errors.New("edge: request refused")

// verifiedBody hashes the body as S3 reads it and fails the last read if the hash differs from
// the signed one.
type verifiedBody struct {
	io.ReadCloser
	want string
	sum  hash.Hash
	trip *tripwire
}

func (b *verifiedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.sum.Write(p[:n])
	if errors.Is(err, io.EOF) {
		if got := hex.EncodeToString(b.sum.Sum(nil)); got != b.want {
			b.trip.err = (&s3Error{http.StatusBadRequest, "XAmzContentSHA256Mismatch",
				"The provided 'x-amz-content-sha256' header does not match what was computed.", nil}).
				with("ClientComputedContentSHA256", b.want).with("S3ComputedContentSHA256", got)
			return n, errTripped
		}
	}
	return n, err
}

// encodePath is S3's canonical URI: the path with every byte but the unreserved characters and
// "/" percent-encoded (once: S3 does not double-encode, unlike other services).
func encodePath(path string) string {
	if path == "" {
		return "/"
	}
	return uriEncode(path, false)
}

// uriEncode is SigV4's UriEncode: unreserved characters (A-Z a-z 0-9 - . _ ~) stay, everything
// else becomes %XX, and "/" too when encodeSlash.
func uriEncode(s string, encodeSlash bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		case c == '/' && !encodeSlash:
			b.WriteByte(c)
		default:
			b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{c})))
		}
	}
	return b.String()
}

// canonicalQuery sorts the query's parameters by encoded name then value, each encoded as
// SigV4 requires, leaving out skip (a presigned URL's signature).
func canonicalQuery(raw, skip string) string {
	type pair struct{ k, v string }
	var pairs []pair
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		k, v = unescape(k), unescape(v)
		if k == skip {
			continue
		}
		pairs = append(pairs, pair{uriEncode(k, true), uriEncode(v, true)})
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if c := strings.Compare(a.k, b.k); c != 0 {
			return c
		}
		return strings.Compare(a.v, b.v)
	})
	out := make([]string, len(pairs))
	for i, p := range pairs {
		out[i] = p.k + "=" + p.v
	}
	return strings.Join(out, "&")
}

// unescape decodes a query component as sent; "+" stays "+", as SigV4 clients encode spaces
// as %20.
func unescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// canonicalHeaders lists the signed headers as "name:value\n", values trimmed and inner runs of
// spaces collapsed, repeated headers joined by commas.
func canonicalHeaders(r *http.Request, signed string) string {
	var b strings.Builder
	for name := range strings.SplitSeq(signed, ";") {
		var values []string
		switch name {
		case "host":
			values = []string{r.Host}
		case "content-length":
			values = r.Header.Values(name)
			if len(values) == 0 && r.ContentLength >= 0 {
				values = []string{strconv.FormatInt(r.ContentLength, 10)}
			}
		case "transfer-encoding":
			values = r.TransferEncoding
		default:
			values = r.Header.Values(name)
		}
		trimmed := make([]string, len(values))
		for i, v := range values {
			trimmed[i] = strings.Join(strings.Fields(v), " ")
		}
		b.WriteString(name + ":" + strings.Join(trimmed, ",") + "\n")
	}
	return b.String()
}
