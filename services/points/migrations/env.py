from points_service.models import Base
from portal_kit.migrations import run_env

run_env(Base.metadata)
