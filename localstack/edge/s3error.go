package edge

import (
	"encoding/xml"
	"net/http"
	"strconv"

	"github.com/google/uuid"
)

// s3Error is an S3 error as the REST-XML protocol carries it: <Error><Code>…</Code>
// <Message>…</Message>…</Error>. Extra holds the elements AWS adds for some codes (the expiry
// of a presigned URL, the string a signature was computed over, the size limits), in order.
type s3Error struct {
	Status  int
	Code    string
	Message string
	Extra   [][2]string
}

func (e *s3Error) Error() string { return e.Code + ": " + e.Message }

func (e *s3Error) with(name, value string) *s3Error {
	e.Extra = append(e.Extra, [2]string{name, value})
	return e
}

// S3's refusals the edge makes itself.
func accessDenied(msg string) *s3Error {
	return &s3Error{http.StatusForbidden, "AccessDenied", msg, nil}
}

func invalidArgument(msg string) *s3Error {
	return &s3Error{http.StatusBadRequest, "InvalidArgument", msg, nil}
}

func policyFailed(detail string) *s3Error {
	return accessDenied("Invalid according to Policy: " + detail)
}

func signatureMismatch(accessKey, stringToSign, provided, canonical string) *s3Error {
	return (&s3Error{http.StatusForbidden, "SignatureDoesNotMatch",
		"The request signature we calculated does not match the signature you provided. Check your key and signing method.", nil}).
		with("AWSAccessKeyId", accessKey).with("StringToSign", stringToSign).
		with("SignatureProvided", provided).with("CanonicalRequest", canonical)
}

func unknownAccessKey(accessKey string) *s3Error {
	return (&s3Error{http.StatusForbidden, "InvalidAccessKeyId",
		"The AWS Access Key Id you provided does not exist in our records.", nil}).with("AWSAccessKeyId", accessKey)
}

func entityTooLarge(size, limit int64) *s3Error {
	return (&s3Error{http.StatusBadRequest, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", nil}).
		with("ProposedSize", strconv.FormatInt(size, 10)).with("MaxSizeAllowed", strconv.FormatInt(limit, 10))
}

func entityTooSmall(size, limit int64) *s3Error {
	return (&s3Error{http.StatusBadRequest, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size", nil}).
		with("ProposedSize", strconv.FormatInt(size, 10)).with("MinSizeAllowed", strconv.FormatInt(limit, 10))
}

// writeS3Error answers e as S3 does: the status, and for anything but HEAD the XML body with a
// request id.
func writeS3Error(w http.ResponseWriter, r *http.Request, e *s3Error) {
	id := uuid.NewString()
	w.Header().Set("x-amz-request-id", id)
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(e.Status)
	if r.Method == http.MethodHead {
		return
	}
	type element struct {
		XMLName xml.Name
		Value   string `xml:",chardata"`
	}
	doc := struct {
		XMLName   xml.Name `xml:"Error"`
		Code      string
		Message   string
		Extra     []element
		RequestID string `xml:"RequestId"`
	}{Code: e.Code, Message: e.Message, RequestID: id}
	for _, x := range e.Extra {
		doc.Extra = append(doc.Extra, element{xml.Name{Local: x[0]}, x[1]})
	}
	_, _ = w.Write([]byte(xml.Header))
	_ = xml.NewEncoder(w).Encode(doc)
}
