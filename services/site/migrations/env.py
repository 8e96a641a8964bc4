from portal_kit.migrations import run_env
from site_service.models import Base

run_env(Base.metadata)
