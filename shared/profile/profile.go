// Package profile is the Zuum account holder: who they are (identity, names, contact, bio,
// pictures), their credentials' state, and the rules a sign-up or an edit must follow. Its
// DynamoDB store keeps the profile item and the email and username guards that make both unique.
package profile

import (
	"regexp"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/text"
)

// Identity is what a creator signs up as.
type Identity string

// The identities a user can sign up with.
const (
	Artist      Identity = "artist"
	Producer    Identity = "producer"
	RecordLabel Identity = "record_label"
)

// ParseIdentity accepts the spec's spellings: record_label, "record label" and record-label are
// one identity.
func ParseIdentity(s string) (Identity, bool) {
	n := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
	switch Identity(n) {
	case Artist, Producer, RecordLabel:
		return Identity(n), true
	}
	return "", false
}

// Summary is the short form of a profile used in follower lists and previews.
type Summary struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Image    string `json:"image"`
}

// Profile is a user's public and private details. Image and CoverImage are media keys; the HTTP
// edge turns them into URLs.
type Profile struct {
	ID             string
	Username       string
	Identity       Identity
	FirstName      string
	MiddleName     string
	LastName       string
	Email          string
	Phone          string
	Bio            string
	Image          string
	CoverImage     string
	IsAdmin        bool
	FollowersCount int64
	FollowingCount int64
	Followers      []Summary
	Following      []Summary
	// SubscriptionStatus is "", active, cancelled or expired, as of the read (SubscriptionStatusAt).
	SubscriptionStatus string
	// SubscriptionExpiresAt ends the current or last paid period; zero for none.
	SubscriptionExpiresAt time.Time
	CreatedAt             time.Time
}

// Account is a profile with the state of its credentials, which never leaves the server.
type Account struct {
	Profile
	PasswordHash string
	Verified     bool
	Deactivated  bool
	// SessionEpoch is bumped to end every session at once (password reset).
	SessionEpoch  int64
	GoogleSubject string
	// SelfDeactivated is a deactivation the holder chose: logging in again turns it back on.
	SelfDeactivated bool
	// Deleted is an account its holder asked to delete, whose data is being removed.
	Deleted bool
}

var (
	phonePattern    = regexp.MustCompile(`^[0-9]{10,15}$`)
	usernamePattern = regexp.MustCompile(`^[A-Za-z0-9._]{3,30}$`)
)

// MinPasswordLength is the spec's shortest password.
const MinPasswordLength = 8

// MaxNameLength bounds first, middle and last names, in characters.
const MaxNameLength = 50

// Messages of spec part 1 §5, the contract shared with the web client.
const (
	msgFirstName      = "First name is required"
	msgLastName       = "Last name is required"
	msgUsername       = "Username is required"
	msgUsernameFormat = "Username must be 3 to 30 letters, numbers, dots or underscores"
	msgEmail          = "Email is required"
	msgEmailFormat    = "Invalid email format"
	msgPhone          = "Phone number is required"
	msgPhoneFormat    = "Invalid phone number"
	msgPassword       = "Password is required"
	msgPasswordShort  = "Password must be at least 8 characters"
	msgIdentity       = "Identity must be one of artist, producer or record_label"
	msgTooLong        = "is too long"
)

// NormalizeEmail is the form in which emails are compared and stored.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s is an address mail can be sent to (SES refuses the rest, and a
// sign-up whose code can never arrive is a dead account): a local part of ASCII letters, digits
// and !#$%&'*+/=?^_`{|}~.- with no leading, trailing or doubled dot; a domain of at least two
// labels of letters, digits and inner hyphens, whose last (the TLD) is two or more letters.
func ValidEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if len(s) > 254 || at < 1 || at > 64 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
		return false
	}
	for _, c := range []byte(local) {
		if !letterOrDigit(c) && !strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", rune(c)) {
			return false
		}
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range []byte(l) {
			if !letterOrDigit(c) && c != '-' {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	if len(tld) < 2 {
		return false
	}
	for _, c := range []byte(tld) {
		if c < 'A' || c > 'z' || (c > 'Z' && c < 'a') {
			return false
		}
	}
	return true
}

func letterOrDigit(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ValidPhone reports whether s is a phone number as the spec takes it: 10 to 15 digits.
func ValidPhone(s string) bool { return phonePattern.MatchString(s) }

// CheckUsername applies the username rules to an already trimmed name, returning the field
// error or nil. A reserved name (see Reserved) passes: it is refused as taken, like a name
// someone holds, not as malformed.
func CheckUsername(username string) *failure.FieldError {
	switch {
	case username == "":
		return &failure.FieldError{Field: "username", Msg: msgUsername}
	case !usernamePattern.MatchString(username):
		return &failure.FieldError{Field: "username", Msg: msgUsernameFormat}
	}
	return nil
}

// cleanName is a name as it is checked and stored: invisible and control characters removed.
func cleanName(s string) string { return text.Clean(s, false) }

// SignupInput is what a visitor submits to create an account.
type SignupInput struct {
	FirstName, MiddleName, LastName string
	Username, Email, Phone          string
	Password, Identity              string
}

// Signup is a validated sign-up: it can only be made by NewSignup.
type Signup struct {
	FirstName, MiddleName, LastName string
	Username, Email, Phone          string
	Password                        string
	Identity                        Identity
}

// NewSignup checks in against the spec's rules and returns every field error at once.
func NewSignup(in SignupInput) (Signup, error) {
	s := Signup{
		FirstName: cleanName(in.FirstName), MiddleName: cleanName(in.MiddleName),
		LastName: cleanName(in.LastName), Username: strings.TrimSpace(in.Username),
		Email: NormalizeEmail(in.Email), Phone: strings.TrimSpace(in.Phone), Password: in.Password,
	}
	if text.Blank(s.MiddleName) {
		s.MiddleName = ""
	}
	var errs []failure.FieldError
	add := func(field, msg string) { errs = append(errs, failure.FieldError{Field: field, Msg: msg}) }
	if text.Blank(s.FirstName) {
		add("firstname", msgFirstName)
	}
	if text.Blank(s.LastName) {
		add("lastname", msgLastName)
	}
	for field, v := range map[string]string{"firstname": s.FirstName, "middlename": s.MiddleName, "lastname": s.LastName} {
		if text.Len(v) > MaxNameLength {
			add(field, field+" "+msgTooLong)
		}
	}
	if fe := CheckUsername(s.Username); fe != nil {
		add(fe.Field, fe.Msg)
	}
	switch {
	case s.Email == "":
		add("email", msgEmail)
	case !ValidEmail(s.Email):
		add("email", msgEmailFormat)
	}
	switch {
	case s.Phone == "":
		add("phonenumber", msgPhone)
	case !ValidPhone(s.Phone):
		add("phonenumber", msgPhoneFormat)
	}
	if err := CheckPassword("password", s.Password); err != nil {
		add("password", err.Msg)
	}
	if id, ok := ParseIdentity(in.Identity); ok {
		s.Identity = id
	} else {
		add("identity", msgIdentity)
	}
	if len(errs) > 0 {
		sortFields(errs)
		return Signup{}, failure.Fields("Validation errors.", errs...)
	}
	if Reserved(s.Username) {
		return Signup{}, ErrUsernameTaken
	}
	return s, nil
}

// CheckPassword applies the password rules, returning the field error or nil.
func CheckPassword(field, pw string) *failure.FieldError {
	switch {
	case pw == "":
		return &failure.FieldError{Field: field, Msg: msgPassword}
	case len(pw) < MinPasswordLength:
		return &failure.FieldError{Field: field, Msg: msgPasswordShort}
	case len(pw) > 72:
		// bcrypt reads at most 72 bytes; longer would silently be truncated.
		return &failure.FieldError{Field: field, Msg: "Password must be at most 72 characters"}
	}
	return nil
}

// fieldOrder is the order of the form, so errors read top to bottom.
var fieldOrder = []string{"firstname", "middlename", "lastname", "username", "email", "phonenumber", "password", "identity", "bio", "image", "cover_image"}

func sortFields(errs []failure.FieldError) {
	rank := func(f string) int {
		for i, n := range fieldOrder {
			if n == f {
				return i
			}
		}
		return len(fieldOrder)
	}
	for i := 1; i < len(errs); i++ {
		for j := i; j > 0 && rank(errs[j].Field) < rank(errs[j-1].Field); j-- {
			errs[j], errs[j-1] = errs[j-1], errs[j]
		}
	}
}

// Changes is a validated partial edit of a profile: nil fields stay as they are.
type Changes struct {
	FirstName, MiddleName, LastName, Phone, Bio *string
	Image, CoverImage                           *string
}

// EditInput is the raw edit a user submits; empty or blank strings mean "leave as is", as the spec's
// client sends only non-empty fields.
type EditInput struct {
	FirstName, MiddleName, LastName, Phone, Bio string
}

// MaxBioLength bounds the bio, in characters.
const MaxBioLength = 500

// NewChanges validates an edit.
func NewChanges(in EditInput) (Changes, error) {
	var c Changes
	var errs []failure.FieldError
	set := func(dst **string, field, v string, max int) {
		v = text.Clean(v, field == "bio")
		if text.Blank(v) {
			return
		}
		if text.Len(v) > max {
			errs = append(errs, failure.FieldError{Field: field, Msg: field + " " + msgTooLong})
			return
		}
		*dst = &v
	}
	set(&c.FirstName, "firstname", in.FirstName, MaxNameLength)
	set(&c.MiddleName, "middlename", in.MiddleName, MaxNameLength)
	set(&c.LastName, "lastname", in.LastName, MaxNameLength)
	set(&c.Bio, "bio", in.Bio, MaxBioLength)
	if p := strings.TrimSpace(in.Phone); p != "" {
		if !ValidPhone(p) {
			errs = append(errs, failure.FieldError{Field: "phonenumber", Msg: msgPhoneFormat})
		} else {
			c.Phone = &p
		}
	}
	if len(errs) > 0 {
		sortFields(errs)
		return Changes{}, failure.Fields("Validation errors occurred", errs...)
	}
	return c, nil
}

// Empty reports whether the edit changes nothing.
func (c Changes) Empty() bool {
	return c.FirstName == nil && c.MiddleName == nil && c.LastName == nil && c.Phone == nil &&
		c.Bio == nil && c.Image == nil && c.CoverImage == nil
}

// ErrNotFound is returned for a profile that does not exist.
var ErrNotFound = failure.New(failure.NotFound, "Profile not found")
