package promotion

import (
	"context"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"zuum/shared/failure"
	"zuum/shared/text"
)

// RequestTypes are the promotion types the requirements form (/req) offers.
var RequestTypes = []string{"print", "tv", "radio", "digital", "charts", "playlist", "youtube", "tiktok"}

// Request is the requirements form (/req) as submitted.
type Request struct {
	PromotionType      string   `json:"promotionType" dynamodbav:"promotion_type"`
	SelectedPlatforms  []string `json:"selectedPlatforms" dynamodbav:"selected_platforms"`
	ContentLink        string   `json:"contentLink" dynamodbav:"content_link"`
	ContentTitle       string   `json:"contentTitle" dynamodbav:"content_title"`
	ContentDescription string   `json:"contentDescription" dynamodbav:"content_description"`
	ImageFile          string   `json:"imageFile" dynamodbav:"image_file"`
	VideoFile          string   `json:"videoFile" dynamodbav:"video_file"`
	Biography          string   `json:"biography" dynamodbav:"biography"`
	TargetCountries    string   `json:"targetCountries" dynamodbav:"target_countries"`
	PreferredDates     string   `json:"preferredDates" dynamodbav:"preferred_dates"`
	ContactName        string   `json:"contactName" dynamodbav:"contact_name"`
	ContactEmail       string   `json:"contactEmail" dynamodbav:"contact_email"`
	ContactPhone       string   `json:"contactPhone" dynamodbav:"contact_phone"`
	Company            string   `json:"company" dynamodbav:"company"`
	AgreeTerms         bool     `json:"agreeTerms" dynamodbav:"agree_terms"`
}

// Messages of the requirements form (spec part 2 §5).
const (
	MsgRequestType = "Please select a promotion type"
	MsgContentLink = "Content link is required"
	// MsgURL refuses a link field (contentLink, song_link, video_link) that is no http or https
	// URL with a host (text.WebURL).
	MsgURL          = "Please enter a valid URL"
	MsgContactName  = "Name is required"
	MsgContactEmail = "Email is required"
	MsgContactPhone = "Phone is required"
	MsgAgreeTerms   = "You must agree to the terms"
)

// MaxPlatforms bounds the platforms a request names.
const MaxPlatforms = 50

// check cleans r and names each field that is missing or too long, in the form's order.
func (r *Request) check() []failure.FieldError {
	var errs []failure.FieldError
	add := func(field, msg string) { errs = append(errs, failure.FieldError{Field: field, Msg: msg}) }
	lines := []*string{&r.ContentLink, &r.ContentTitle, &r.ImageFile, &r.VideoFile, &r.TargetCountries, &r.PreferredDates,
		&r.ContactName, &r.ContactEmail, &r.ContactPhone, &r.Company}
	texts := []*string{&r.ContentDescription, &r.Biography}
	r.PromotionType = text.Clean(r.PromotionType, false)
	for _, f := range lines {
		*f = text.Clean(*f, false)
	}
	for _, f := range texts {
		*f = text.Clean(*f, true)
	}
	if !slices.Contains(RequestTypes, r.PromotionType) {
		add("promotionType", MsgRequestType)
	}
	for _, f := range append(lines, texts...) {
		if text.Len(*f) > MaxField {
			add("form", "A field is too long")
			break
		}
	}
	if len(r.SelectedPlatforms) > MaxPlatforms {
		add("selectedPlatforms", "Too many platforms")
	}
	if r.ContentLink != "" && !text.WebURL(r.ContentLink) {
		add("contentLink", MsgURL)
	}
	for _, f := range []struct{ field, value, msg string }{
		{"contentLink", r.ContentLink, MsgContentLink}, {"contactName", r.ContactName, MsgContactName},
		{"contactEmail", r.ContactEmail, MsgContactEmail}, {"contactPhone", r.ContactPhone, MsgContactPhone},
	} {
		if f.value == "" {
			add(f.field, f.msg)
		}
	}
	if !r.AgreeTerms {
		add("agreeTerms", MsgAgreeTerms)
	}
	return errs
}

// Submit stores owner's requirements form and returns its id.
func (s *Store) Submit(ctx context.Context, owner Owner, r Request) (string, error) {
	if errs := r.check(); len(errs) > 0 {
		return "", failure.Fields(FieldsMessage, errs...)
	}
	if r.SelectedPlatforms == nil {
		r.SelectedPlatforms = []string{}
	}
	for i, p := range r.SelectedPlatforms {
		r.SelectedPlatforms[i] = strings.TrimSpace(p)
	}
	id := uuid.Must(uuid.NewV7()).String()
	av, err := attributevalue.MarshalMap(r)
	if err != nil {
		return "", failure.Wrap(err, "encode request")
	}
	av["pk"], av["sk"] = str("PROMOREQ#"+owner.ID), str(id)
	av["username"], av["created_at"] = str(owner.Username), str(stamp(s.now()))
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)")}); err != nil {
		return "", failure.Wrap(err, "store request")
	}
	return id, nil
}
