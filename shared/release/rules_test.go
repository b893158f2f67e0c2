package release_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/release"
)

// message is err's user-facing message and code ("" for nil).
func message(err error) string {
	var e *failure.Error
	if !errors.As(err, &e) {
		return ""
	}
	return string(e.Code) + ": " + e.Message
}

func TestCanMove_OnlyReviewsWaysAreOpen(t *testing.T) {
	t.Parallel()
	open := map[[2]release.Status]bool{
		{release.Submitted, release.InReview}: true,
		{release.Submitted, release.Approved}: true, {release.InReview, release.Approved}: true,
		{release.Submitted, release.Rejected}: true, {release.InReview, release.Rejected}: true,
		{release.Approved, release.Delivered}: true,
	}
	for _, from := range release.Statuses {
		for _, to := range []release.Status{release.InReview, release.Approved, release.Rejected, release.Delivered} {
			err := release.CanMove(from, to)
			if got := err == nil; got != open[[2]release.Status{from, to}] {
				t.Errorf("%s → %s: %v", from, to, err)
			}
			if err != nil && !failure.Is(err, failure.Conflict) {
				t.Errorf("%s → %s: %v is not a conflict", from, to, err)
			}
		}
	}
}

func TestCanMove_SaysWhatTheReleaseIsAndWhatItCannotBecome(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		from, to release.Status
		want     string
	}{
		{release.Approved, release.Approved, "conflict: An approved release cannot be approved"},
		{release.Submitted, release.Delivered, "conflict: A submitted release cannot be delivered"},
		{release.InReview, release.InReview, "conflict: An in review release cannot be reviewed"},
		{release.Rejected, release.Rejected, "conflict: A rejected release cannot be rejected"},
		{release.Draft, release.Approved, "conflict: A draft release cannot be approved"},
		{release.Delivered, release.Rejected, "conflict: A delivered release cannot be rejected"},
	} {
		if got := message(release.CanMove(c.from, c.to)); got != c.want {
			t.Errorf("%s → %s: %q, want %q", c.from, c.to, got, c.want)
		}
	}
}

func TestDecide_ApprovalEarnsThePackageRejectionRefundsItInFull(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	price := 50_000 * money.Naira
	for _, c := range []struct {
		name   string
		from   release.Status
		price  money.Money
		to     release.Status
		reason string
		want   release.Settlement
		err    string
	}{
		{"taking up a submitted release moves nothing", release.Submitted, price, release.InReview, "", release.Settlement{}, ""},
		{"approving a submitted release earns the package", release.Submitted, price, release.Approved, "", release.Settlement{Captured: price}, ""},
		{"approving a reviewed release earns the package", release.InReview, price, release.Approved, "", release.Settlement{Captured: price}, ""},
		{"approving a release without a package moves nothing", release.InReview, 0, release.Approved, "", release.Settlement{}, ""},
		{"rejecting refunds the package in full", release.InReview, price, release.Rejected, "Blurry cover.", release.Settlement{Refunded: price}, ""},
		{"rejecting a release without a package moves nothing", release.Submitted, 0, release.Rejected, "Blurry cover.", release.Settlement{}, ""},
		{"delivering an approved release moves nothing", release.Approved, price, release.Delivered, "", release.Settlement{}, ""},
		{"approving twice is refused", release.Approved, price, release.Approved, "", release.Settlement{}, "conflict: An approved release cannot be approved"},
		{"a rejected release is not refunded twice", release.Rejected, price, release.Rejected, "again", release.Settlement{}, "conflict: A rejected release cannot be rejected"},
		{"a draft is not reviewed", release.Draft, 0, release.InReview, "", release.Settlement{}, "conflict: A draft release cannot be reviewed"},
		{"a submitted release is not delivered", release.Submitted, price, release.Delivered, "", release.Settlement{}, "conflict: A submitted release cannot be delivered"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := release.Release{ID: "r", Status: c.from, Price: c.price, Version: 3, UpdatedAt: now.Add(-time.Hour)}
			was := r
			got, err := r.Decide(c.to, c.reason, now.In(release.Lagos))
			if message(err) != c.err || got != c.want {
				t.Fatalf("%+v %v, want %+v %q", got, err, c.want, c.err)
			}
			if got.Moves() != (c.want.Captured+c.want.Refunded > 0) {
				t.Errorf("Moves %v for %+v", got.Moves(), got)
			}
			switch {
			case err != nil && (r.Status != was.Status || r.Version != was.Version || !r.UpdatedAt.Equal(was.UpdatedAt)):
				t.Errorf("a refused move changed the release: %+v", r)
			case err == nil && (r.Status != c.to || r.Reason != c.reason || r.Version != 4 || !r.UpdatedAt.Equal(now) || r.UpdatedAt.Location() != time.UTC):
				t.Errorf("after %+v", r)
			}
		})
	}
}

func TestCheckReason_IsCleanedAndBounded(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want, err string }{
		{"  The cover\u200b carries a web address. ", "The cover carries a web address.", ""},
		{" \u200b ", "", "A reason is required"},
		{"", "", "A reason is required"},
		{strings.Repeat("é", release.MaxReason), strings.Repeat("é", release.MaxReason), ""},
		{strings.Repeat("a", release.MaxReason+1), "", "The reason must be at most 500 characters"},
	} {
		got, err := release.CheckReason(c.in)
		var fields []failure.FieldError
		var e *failure.Error
		if errors.As(err, &e) {
			fields = e.Fields
		}
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%.20q: %q %v, want %q", c.in, got, err, c.want)
		case c.err != "" && (len(fields) != 1 || fields[0] != failure.FieldError{Field: "reason", Msg: c.err}):
			t.Errorf("%.20q: %v, want reason: %s", c.in, err, c.err)
		}
	}
}

func TestSubmit_ACompleteDraftIsSubmittedWithItsPackagePriced(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	basic, _ := release.PackageOf("basic")
	f := complete()
	f.PromotionPackage = "basic"
	r := release.Release{ID: "r", Status: release.Draft, Form: f, Package: "none", Version: 2}
	if err := r.Submit(now); err != nil {
		t.Fatal(err)
	}
	if r.Status != release.Submitted || r.Package != "basic" || r.Price != basic.Price || basic.Price == 0 ||
		!r.SubmittedAt.Equal(now) || !r.UpdatedAt.Equal(now) || r.Version != 3 {
		t.Errorf("submitted %+v", r)
	}
	free := release.Release{Status: release.Draft, Form: complete(), Version: 1}
	if err := free.Submit(now); err != nil || free.Package != "none" || free.Price != 0 {
		t.Errorf("without a package: %v %+v", err, free)
	}
}

func TestSubmit_RefusesWhatIsNotASubmittableDraft(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	noTitle := complete()
	noTitle.Title = ""
	past := complete()
	past.ReleaseDate = "2026-11-30"
	for _, c := range []struct {
		name   string
		status release.Status
		form   release.Form
		want   string
		fields map[string]string
	}{
		{"a release already submitted", release.Submitted, complete(), "conflict: This release has already been submitted", nil},
		{"a rejected release", release.Rejected, complete(), "conflict: This release has already been submitted", nil},
		{"a draft without a title", release.Draft, noTitle, "invalid: " + release.ValidationMessage, map[string]string{"title": "Title is required"}},
		{"a draft dated yesterday", release.Draft, past, "invalid: " + release.ValidationMessage, map[string]string{"releaseDate": release.MsgReleaseDatePast}},
	} {
		r := release.Release{Status: c.status, Form: c.form, Version: 5}
		was := r
		err := r.Submit(now)
		if message(err) != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		var e *failure.Error
		if errors.As(err, &e) && c.fields != nil {
			got := map[string]string{}
			for _, f := range e.Fields {
				got[f.Field] = f.Msg
			}
			if len(got) != len(c.fields) || got[fieldOf(c.fields)] != c.fields[fieldOf(c.fields)] {
				t.Errorf("%s: fields %v, want %v", c.name, got, c.fields)
			}
		}
		if r.Status != was.Status || r.Version != was.Version || r.Price != was.Price {
			t.Errorf("%s: a refusal changed the release: %+v", c.name, r)
		}
	}
}

func fieldOf(m map[string]string) string {
	for k := range m {
		return k
	}
	return ""
}

func TestStatusMessage_TellsTheOwnerEachStepAndTheRefund(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		r    release.Release
		want string
	}{
		{release.Release{Status: release.Submitted}, `Your release "Untitled release" was submitted for review.`},
		{release.Release{Status: release.InReview, Form: release.Form{Title: "One"}}, `Your release "One" is being reviewed.`},
		{release.Release{Status: release.Approved, Form: release.Form{Title: "One"}}, `Your release "One" was approved.`},
		{release.Release{Status: release.Delivered, Form: release.Form{Title: "One"}}, `Your release "One" was delivered to the platforms.`},
		{release.Release{Status: release.Rejected, Reason: "Blurry.", Form: release.Form{Title: "Two"}}, `Your release "Two" was rejected: Blurry.`},
		{release.Release{Status: release.Rejected, Reason: "Blurry.", Price: 100_000 * money.Naira, Form: release.Form{Title: "Two"}}, `Your release "Two" was rejected: Blurry. Your ₦100,000.00 was refunded.`},
	} {
		if got := release.StatusMessage(c.r); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
