package promotion_test

import (
	"testing"

	"zuum/localstack/apptest"
)

func TestMain(m *testing.M) { apptest.Main(m) }
